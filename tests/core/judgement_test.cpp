// The judgement a policy records (policy.h): each accepted subject once with
// the ignore that accepted it, how often each ignore was used, merged across
// families, and the ignores that accepted nothing.
#include <boost/test/unit_test.hpp>

#include "fbcompat/core/policy.h"

using namespace fbcompat;

BOOST_AUTO_TEST_SUITE(judgement)

BOOST_AUTO_TEST_CASE(apply_policy_records_each_accepted_subject_once_and_counts_every_use) {
  Policy policy;
  policy.configuration = "fbcompat.toml";
  policy.ignores = {{"FIELD_NO_DELETE", "fb.T.a", "why a", "fbcompat.toml", 3},
                    {"FIELD_NO_DELETE", "fb.T.b", "why b", "fbcompat.toml", 8}};
  auto finding = [](std::string subject, std::string file) {
    Finding found;
    found.rule = "FIELD_NO_DELETE";
    found.subject = std::move(subject);
    found.file = std::move(file);
    return found;
  };
  // The same deletion seen in two transitions of a history, and one finding no
  // ignore accepts.
  std::vector<Finding> first{finding("fb.T.a", "v2/x.fbs"), finding("fb.T.c", "v2/x.fbs")};
  std::vector<Finding> second{finding("fb.T.a", "v3/x.fbs")};
  Judgement judgement;
  BOOST_TEST(apply_policy(policy, first, &judgement) == 1u);
  BOOST_TEST(apply_policy(policy, second, &judgement) == 1u);
  BOOST_TEST(first.size() == 1u);
  BOOST_TEST(second.empty());
  BOOST_TEST(judgement.configuration == "fbcompat.toml");
  BOOST_TEST_REQUIRE(judgement.accepted.size() == 1u);
  BOOST_TEST(judgement.accepted[0].finding.file == "v2/x.fbs");
  BOOST_TEST(judgement.accepted[0].reason == "why a");
  BOOST_TEST(judgement.accepted[0].accepted_at == "fbcompat.toml:3");
  BOOST_TEST_REQUIRE(judgement.uses.size() == 2u);
  BOOST_TEST(judgement.uses[0] == 2u);
  BOOST_TEST(judgement.uses[1] == 0u);

  const std::vector<Finding> stale = unused_ignore_findings(policy, judgement);
  BOOST_TEST_REQUIRE(stale.size() == 1u);
  BOOST_TEST(stale[0].rule == "CONFIG_IGNORE_UNUSED");
  BOOST_TEST(stale[0].subject == "fb.T.b");
  BOOST_TEST(stale[0].file == "fbcompat.toml");
  BOOST_TEST(stale[0].line == 8u);
  BOOST_TEST((stale[0].severity == Severity::Warning));

  // Another family's judgement by the same policy uses the second ignore:
  // nothing is stale any more.
  std::vector<Finding> other{finding("fb.T.b", "other.fbs")};
  Judgement other_judgement;
  apply_policy(policy, other, &other_judgement);
  merge_judgement(judgement, other_judgement);
  BOOST_TEST(judgement.accepted.size() == 2u);
  BOOST_TEST(unused_ignore_findings(policy, judgement).empty());
}

BOOST_AUTO_TEST_SUITE_END()
