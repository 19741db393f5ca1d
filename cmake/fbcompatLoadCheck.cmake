# Installed with fbcompat and included by find_package(fbcompat): gives a consumer's target the load
# check's generated code, made at the consumer's build by the consumer's own flatc, so the load check
# compiles against whatever flatbuffers the consumer builds with (flatc's output only compiles with the
# flatbuffers headers of its own version).
#
#   fbcompat_load_check(<target>
#                       [FLATC <flatc or target>]        default: flatbuffers::flatc, else flatc on PATH
#                       [SCHEMA <runtime_schema.fbs>]    default: the newest XNNPACK runtime schema installed
#                       [MANIFEST <manifest.toml>])      default: the runtime profiles installed
#
# MANIFEST names a family manifest of the consumer's own (schemas/xnnpack/manifest.toml's format): the
# runtime profiles, what each runtime version knows, are generated from it by fbcompat's gen_profiles,
# so a runtime checks programs against its own releases. The target links fbcompat::load_check.
function(fbcompat_load_check target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "FLATC;SCHEMA;MANIFEST" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "fbcompat_load_check(${target}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "fbcompat_load_check(${target}): no such target")
  endif()
  if(NOT arg_SCHEMA)
    set(arg_SCHEMA "${FBCOMPAT_RUNTIME_SCHEMA}")
  endif()
  if(NOT arg_FLATC)
    if(TARGET flatbuffers::flatc)
      set(arg_FLATC flatbuffers::flatc)
    else()
      find_program(FBCOMPAT_LOAD_CHECK_FLATC flatc REQUIRED)
      set(arg_FLATC "${FBCOMPAT_LOAD_CHECK_FLATC}")
    endif()
  endif()

  # The command reruns when flatc changes (a target's file, or the program named).
  if(TARGET "${arg_FLATC}")
    set(flatc_file "$<TARGET_FILE:${arg_FLATC}>")
  else()
    set(flatc_file "${arg_FLATC}")
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/fbcompat_load_check/${target}")
  set(header "${dir}/fbcompat/xnnpack/runtime_schema_generated.h")
  # flatc names its output after the schema file: the schema is copied under the name the check includes.
  add_custom_command(
    OUTPUT "${header}"
    COMMAND "${CMAKE_COMMAND}" -E copy "${arg_SCHEMA}" "${dir}/runtime_schema.fbs"
    COMMAND "${arg_FLATC}" --cpp --scoped-enums -o "${dir}/fbcompat/xnnpack" "${dir}/runtime_schema.fbs"
    DEPENDS "${arg_SCHEMA}" "${flatc_file}"
    COMMENT "fbcompat load check: flatc ${arg_SCHEMA}"
    VERBATIM)
  set(outputs "${header}")
  if(arg_MANIFEST)
    get_filename_component(manifest "${arg_MANIFEST}" ABSOLUTE)
    get_filename_component(family_dir "${manifest}" DIRECTORY)
    file(GLOB schemas CONFIGURE_DEPENDS "${family_dir}/*/*.fbs")
    set(profiles "${dir}/fbcompat/load_check/xnnpack_profiles.h")
    add_custom_command(
      OUTPUT "${profiles}"
      COMMAND fbcompat::gen_profiles "${manifest}" "${profiles}"
      DEPENDS "${manifest}" ${schemas}
      COMMENT "fbcompat load check: the runtime profiles of ${manifest}"
      VERBATIM)
    list(APPEND outputs "${profiles}")
  endif()
  add_custom_target("${target}_fbcompat_load_check" DEPENDS ${outputs})
  add_dependencies("${target}" "${target}_fbcompat_load_check")
  # Before the installed headers: a generated profile header replaces the installed one.
  target_include_directories("${target}" BEFORE PRIVATE "${dir}")
  target_link_libraries("${target}" PRIVATE fbcompat::load_check)
endfunction()
