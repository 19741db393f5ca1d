# What the build derives from a schema family's manifest.toml (schemas/<family>/manifest.toml): its
# newest version, the C++ flatc generates from that version's reader schema, and the runtime profiles
# the load-time check reads. The manifest is the one place a version is named: renaming a version at
# its release touches the manifest and the new golden files only.

# The name of the manifest's last [[version]].
function(fbcompat_family_newest_version manifest out_var)
  file(STRINGS "${manifest}" names REGEX "^[ \t]*name[ \t]*=[ \t]*\"[^\"]+\"")
  if(NOT names)
    message(FATAL_ERROR "${manifest}: no [[version]] with a name")
  endif()
  list(GET names -1 last)
  string(REGEX REPLACE "^[ \t]*name[ \t]*=[ \t]*\"([^\"]+)\".*" "\\1" last "${last}")
  set(${out_var} "${last}" PARENT_SCOPE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${manifest}")
endfunction()

# Every [[version]]'s name, oldest first.
function(fbcompat_family_versions manifest out_var)
  file(STRINGS "${manifest}" names REGEX "^[ \t]*name[ \t]*=[ \t]*\"[^\"]+\"")
  set(versions "")
  foreach(line IN LISTS names)
    string(REGEX REPLACE "^[ \t]*name[ \t]*=[ \t]*\"([^\"]+)\".*" "\\1" name "${line}")
    list(APPEND versions "${name}")
  endforeach()
  set(${out_var} "${versions}" PARENT_SCOPE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${manifest}")
endfunction()

# flatc's C++ for one schema, as <output_dir>/<schema stem>_generated.h; sets <out_var> to that path.
function(fbcompat_flatc_cpp schema output_dir out_var)
  get_filename_component(stem "${schema}" NAME_WE)
  set(header "${output_dir}/${stem}_generated.h")
  add_custom_command(
    OUTPUT "${header}"
    COMMAND "${FLATC_EXECUTABLE}" --cpp --scoped-enums -o "${output_dir}" "${schema}"
    DEPENDS "${schema}"
    COMMENT "flatc: ${schema}")
  set(${out_var} "${header}" PARENT_SCOPE)
endfunction()

# The runtime profiles of a family (what each version's reader knows), as a C++ header at <output>.
function(fbcompat_family_profiles manifest output)
  get_filename_component(family_dir "${manifest}" DIRECTORY)
  file(GLOB schemas CONFIGURE_DEPENDS "${family_dir}/*/*.fbs")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND fbcompat_gen_profiles "${manifest}" "${output}"
    DEPENDS fbcompat_gen_profiles "${manifest}" ${schemas}
    COMMENT "Generating the runtime profiles of ${manifest}")
endfunction()

# The releases of one [[version]] of a manifest (its `releases = [...]`, written on one line), in order.
function(fbcompat_family_version_releases manifest version out_var)
  file(STRINGS "${manifest}" lines)
  set(in_version FALSE)
  set(releases "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*\\[\\[version\\]\\]")
      set(in_version FALSE)
    elseif(line MATCHES "^[ \t]*name[ \t]*=[ \t]*\"([^\"]+)\"")
      if(CMAKE_MATCH_1 STREQUAL version)
        set(in_version TRUE)
      endif()
    elseif(in_version AND line MATCHES "^[ \t]*releases[ \t]*=[ \t]*\\[([^]]*)\\]")
      string(REGEX MATCHALL "\"[^\"]+\"" quoted "${CMAKE_MATCH_1}")
      foreach(release IN LISTS quoted)
        string(REPLACE "\"" "" release "${release}")
        list(APPEND releases "${release}")
      endforeach()
    endif()
  endforeach()
  set(${out_var} "${releases}" PARENT_SCOPE)
endfunction()

# How many members `union <name> { ... }` of a schema file declares (comments left out; members
# written without an alias, `Member` or `Member,`).
function(fbcompat_union_member_count schema union_name out_var)
  file(READ "${schema}" text)
  string(REGEX REPLACE "//[^\n]*" "" text "${text}")
  if(NOT text MATCHES "union[ \t\r\n]+${union_name}[ \t\r\n]*{([^}]*)}")
    message(FATAL_ERROR "${schema}: no union ${union_name}")
  endif()
  string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*" members "${CMAKE_MATCH_1}")
  list(LENGTH members count)
  set(${out_var} ${count} PARENT_SCOPE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${schema}")
endfunction()
