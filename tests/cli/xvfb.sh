# xvfb.sh — sourced by the viewer's tests (test_view.sh, view_leaks.sh): starts a private Xvfb on a free display
# (-displayfd) and exports DISPLAY; stop_xvfb ends it. Not xvfb-run: its own clean-up races with the server's
# exit now and then and turns the command's exit status into its own (5: "problem while cleaning up").
start_xvfb() { # WxHxD
    command -v Xvfb >/dev/null || { echo "FAIL: Xvfb is not installed (Debian package xvfb)" >&2; exit 1; }
    local fifo
    fifo=$(mktemp -u); mkfifo "$fifo"
    Xvfb -displayfd 3 -screen 0 "${1:-1024x768x24}" -nolisten tcp 3>"$fifo" 2>/dev/null &
    XVFB_PID=$!
    local n
    read -r -t 30 n <"$fifo" || { rm -f "$fifo"; echo "FAIL: Xvfb did not start" >&2; exit 1; }
    rm -f "$fifo"
    export DISPLAY=":$n"
    unset WAYLAND_DISPLAY
}
stop_xvfb() {
    [ -n "${XVFB_PID:-}" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null
    XVFB_PID=
}
