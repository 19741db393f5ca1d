# Writes `text` to `path` only when it differs from what is there, so that generated sources that did
# not change do not rebuild what depends on them.
function(fbcompat_write_if_changed path text)
  if(EXISTS "${path}")
    file(READ "${path}" previous)
    if(previous STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${text}")
endfunction()
