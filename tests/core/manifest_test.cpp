#include <boost/test/unit_test.hpp>

#include "fbcompat/core/manifest.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(manifest)

BOOST_AUTO_TEST_CASE(bundled_xnnpack_manifest_lists_every_version_in_order) {
  const auto manifest = load_manifest(source_path("schemas/xnnpack/manifest.toml"));
  BOOST_TEST_REQUIRE(manifest.ok(), (manifest.ok() ? "" : manifest.error().to_string()));
  BOOST_TEST(manifest->family == "xnnpack");
  std::vector<std::string> names;
  for (const ManifestVersion& version : manifest->versions) names.push_back(version.name);
  // The newest is the one after v1.1.0, as the build read it (cmake/FbcompatFamily.cmake).
  const std::vector<std::string> expected{"v0.1.0", "v0.2.0", "v0.4.0", "v0.6.0", "v0.7.0", "v1.1.0", FBCOMPAT_XNNPACK_NEWEST};
  BOOST_TEST(names == expected, boost::test_tools::per_element());
  BOOST_TEST(newest_version() == FBCOMPAT_XNNPACK_NEWEST);
  BOOST_TEST(!manifest->versions[0].has_reader());
  BOOST_TEST(manifest->versions[0].writer_identifier == "XN00");
  BOOST_TEST(manifest->versions[1].writer_identifier == "XN01");
  BOOST_TEST(manifest->find("v1.1.0")->last_release() == "1.4.1");
}

// `releases = []` (the newest version's, until its release): not released, its release numbers read as its name.
BOOST_AUTO_TEST_CASE(a_version_no_release_shipped_is_not_released) {
  TempDir dir;
  const auto manifest = load_manifest(dir.write("m.toml", "family = \"x\"\n"
                                                          "[[version]]\nname = \"v1\"\nreleases = [\"1.0\", \"1.1\"]\n"
                                                          "writer_identifier = \"AB01\"\nreader_identifiers = [\"AB01\"]\n"
                                                          "[[version]]\nname = \"v2-dev\"\nreleases = []   # not released yet\n"
                                                          "writer_identifier = \"AB01\"\nreader_identifiers = [\"AB01\"]\n"));
  BOOST_TEST_REQUIRE(manifest.ok(), (manifest.ok() ? "" : manifest.error().to_string()));
  BOOST_TEST(manifest->find("v1")->released());
  BOOST_TEST(manifest->find("v1")->first_release() == "1.0");
  BOOST_TEST(manifest->find("v1")->last_release() == "1.1");
  const ManifestVersion* unreleased = manifest->find("v2-dev");
  BOOST_TEST_REQUIRE(unreleased != nullptr);
  BOOST_TEST(!unreleased->released());
  BOOST_TEST(unreleased->first_release() == "v2-dev");
  BOOST_TEST(unreleased->last_release() == "v2-dev");
}

BOOST_AUTO_TEST_CASE(bad_manifests_name_the_place_and_problem) {
  TempDir dir;
  const auto unknown = load_manifest(dir.write("a.toml", "family = \"x\"\n[[version]]\nname = \"v1\"\nreleases = []\n"
                                                         "writer_identifier = \"AB01\"\nreader_identifiers = []\ncolour = 1\n"));
  BOOST_TEST_REQUIRE(!unknown.ok());
  BOOST_TEST(unknown.error().message.find("unknown key 'colour'") != std::string::npos);
  BOOST_TEST(unknown.error().line == 7u);

  const auto syntax = load_manifest(dir.write("b.toml", "family = \n"));
  BOOST_TEST(!syntax.ok());
  BOOST_TEST(syntax.error().line == 1u);

  const auto identifier = load_manifest(dir.write("c.toml", "family = \"x\"\n[[version]]\nname = \"v1\"\nreleases = []\n"
                                                            "writer_identifier = \"TOOLONG\"\nreader_identifiers = []\n"));
  BOOST_TEST(!identifier.ok());
  BOOST_TEST(identifier.error().message.find("4-character") != std::string::npos);

  BOOST_TEST(!load_manifest(dir.path() + "/missing.toml").ok());
}

BOOST_AUTO_TEST_SUITE_END()
