# sward_embed_text(INPUT OUTPUT SYMBOL): a C file defining `const char SYMBOL[]` (NUL-terminated) and
# `const unsigned long SYMBOL_len` with the bytes of INPUT, regenerated when INPUT changes.
function(sward_embed_text input output symbol)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DSYMBOL=${symbol}
            -P ${CMAKE_SOURCE_DIR}/cmake/embed_run.cmake
    DEPENDS ${input} ${CMAKE_SOURCE_DIR}/cmake/embed_run.cmake
    COMMENT "embedding ${input}"
    VERBATIM)
endfunction()
