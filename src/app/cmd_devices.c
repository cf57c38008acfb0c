/* `sward devices`: the Vulkan devices sward sees, whether each is suitable, and which one it picks. */
#include "args.h"

#include <stdio.h>
#include <string.h>

#define MAX_DEVICES 64

static const char devices_help[] =
    "Usage: sward devices [--help]\n"
    "\n"
    "Lists the Vulkan devices in loader order; the number in the first column is what --device N selects.\n"
    "For each: name, type, Vulkan version, and \"suitable\" or why it is not. A '*' marks the device that\n"
    "render and bench use when --device is not given: the first suitable device by type, in the order\n"
    "discrete GPU, integrated GPU, virtual GPU, CPU (lavapipe), other.\n"
    "\n"
    "Options:\n"
    "  -h, --help   print this help and exit\n"
    "\n"
    "Exit status: 0 when a suitable device exists; 4 when none is; 5 when Vulkan fails.\n";

int cmd_devices(int argc, char **argv)
{
    args_command cmd = { .name = "devices", .help = devices_help };
    switch (args_parse(&cmd, argc, argv)) {
    case ARGS_HELP: return 0;
    case ARGS_ERROR: return APP_EXIT_USAGE;
    case ARGS_OK: break;
    }

    static sward_device_info devices[MAX_DEVICES];
    uint32_t count = 0;
    sward_error err = { 0 };
    sward_result r = sward_list_devices(devices, MAX_DEVICES, &count, &err);
    if (r != SWARD_OK) return app_fail(r, &err);
    if (count > MAX_DEVICES) count = MAX_DEVICES;
    if (count == 0) {
        fprintf(stderr, "sward: no Vulkan devices found (is a Vulkan driver, e.g. mesa-vulkan-drivers, installed?)\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }

    int pick = app_auto_device(devices, count);
    int name_w = 4;
    for (uint32_t i = 0; i < count; i++) {
        int n = (int)strlen(devices[i].name);
        if (n > name_w) name_w = n;
    }
    printf("  %-3s %-*s  %-14s  %-9s  %s\n", "#", name_w, "name", "type", "Vulkan", "status");
    for (uint32_t i = 0; i < count; i++) {
        char ver[32];
        app_api_version(devices[i].api_version, ver, sizeof ver);
        const sward_device_info *d = &devices[i];
        printf("%c %-3u %-*s  %-14s  %-9s  %s%s\n", (int)i == pick ? '*' : ' ', (unsigned)i, name_w, d->name,
               app_device_kind(d->type), ver, d->suitable ? "suitable" : "not suitable: ",
               d->suitable ? "" : (d->why_not[0] ? d->why_not : "unknown reason"));
    }
    if (pick < 0) {
        fprintf(stderr, "sward: no suitable Vulkan device (sward needs Vulkan 1.3, multi-draw indirect and "
                        "timestamp queries)\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    printf("* = used when --device is not given\n");
    return 0;
}
