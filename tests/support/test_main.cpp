#define BOOST_TEST_MODULE fbcompat
#include <boost/test/unit_test.hpp>
