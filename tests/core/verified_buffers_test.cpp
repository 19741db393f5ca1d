// VerifiedBuffers keeps the Verifier's answer on a buffer for the next load of the same bytes: asked
// again only for another buffer, another root type or other limits, and never for bytes it was not
// made for.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <vector>

#include "fbcompat/core/verifier_limits.h"

using namespace fbcompat;

BOOST_AUTO_TEST_SUITE(verified_buffers)

BOOST_AUTO_TEST_CASE(each_buffer_root_and_limit_is_verified_once) {
  const std::vector<std::uint8_t> program(256, 0);
  VerifiedBuffers verified(program.data(), program.size());
  int asked = 0;
  bool passes = true;
  const auto verify = [&](std::uint32_t, std::uint32_t) {
    ++asked;
    return passes;
  };
  const std::uint8_t* graph = program.data() + 64;
  const auto problem = [&](const char* root, const void* data, std::size_t size, std::uint32_t depth, std::uint32_t tables) {
    return verified.problem(root, data, size, depth, tables, verify);
  };
  BOOST_TEST(!problem("Program", program.data(), 256, 64, 1000));
  BOOST_TEST(asked == 1);
  BOOST_TEST(!problem("Program", program.data(), 256, 64, 1000));
  BOOST_TEST(asked == 1);  // the same question: answered from before
  passes = false;          // from here on the Verifier refuses; the answers kept do not change
  BOOST_TEST(!problem("Program", program.data(), 256, 64, 1000));
  // Each part of the question is asked about anew: another root type, start, size, depth or table count.
  BOOST_TEST(problem("XNNGraph", program.data(), 256, 64, 1000).has_value());
  BOOST_TEST(problem("Program", graph, 192, 64, 1000).has_value());
  BOOST_TEST(problem("Program", program.data(), 128, 64, 1000).has_value());
  BOOST_TEST(problem("Program", program.data(), 256, 32, 1000).has_value());
  BOOST_TEST(problem("Program", program.data(), 256, 64, 10).has_value());
  const int after_new_questions = asked;
  BOOST_TEST(problem("XNNGraph", program.data(), 256, 64, 1000).has_value());  // a refusal is kept too
  BOOST_TEST(asked == after_new_questions);
}

BOOST_AUTO_TEST_CASE(bytes_it_was_not_made_for_are_verified_every_time) {
  const std::vector<std::uint8_t> program(256, 0);
  const std::vector<std::uint8_t> other(256, 0);
  VerifiedBuffers verified(program.data(), 128);
  int asked = 0;
  const auto verify = [&](std::uint32_t, std::uint32_t) {
    ++asked;
    return true;
  };
  for (int i = 0; i < 2; ++i) {
    BOOST_TEST(!verified.problem("Program", other.data(), 256, 64, 1000, verify));
    BOOST_TEST(!verified.problem("Program", program.data() + 64, 65, 64, 1000, verify));  // runs past the end
  }
  BOOST_TEST(asked == 4);
  BOOST_TEST(!verified.problem("Program", program.data() + 64, 64, 64, 1000, verify));  // ends at the end
  BOOST_TEST(!verified.problem("Program", program.data() + 64, 64, 64, 1000, verify));
  BOOST_TEST(asked == 5);
}

// passes() asks the Verifier once, at the limits given, and keeps that apart from problem()'s worded
// answer on the same buffer; without a VerifiedBuffers, the Verifier is asked each time, once.
BOOST_AUTO_TEST_CASE(a_verdict_without_words_is_one_pass_kept_apart) {
  const std::vector<std::uint8_t> graph(64, 0);
  VerifiedBuffers verified(graph.data(), graph.size());
  int asked = 0;
  const auto refuses = [&](std::uint32_t, std::uint32_t) {
    ++asked;
    return false;
  };
  BOOST_TEST(!verified.passes("XNNGraph", graph.data(), 64, 64, 1000, refuses));
  BOOST_TEST(asked == 1);  // no passes with raised limits
  BOOST_TEST(!verified.passes("XNNGraph", graph.data(), 64, 64, 1000, refuses));
  BOOST_TEST(asked == 1);
  BOOST_TEST((verified.problem("XNNGraph", graph.data(), 64, 64, 1000, refuses) == std::optional<std::string>("")));
  BOOST_TEST(asked == 4);  // worded: the limits raised in turn
  BOOST_TEST(!passes_verifier(nullptr, "XNNGraph", graph.data(), 64, 64, 1000, refuses));
  BOOST_TEST(asked == 5);
}

BOOST_AUTO_TEST_SUITE_END()
