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
