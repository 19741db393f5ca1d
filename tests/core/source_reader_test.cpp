// FileSystemReader reads a file whole with one read of its size: what it returns for files that are not
// what their size says, and for paths that are not files to read.
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <string>

#include "fbcompat/core/source_reader.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(source_reader)

BOOST_AUTO_TEST_CASE(a_file_is_read_whole_whatever_its_size) {
  const TempDir dir;
  const FileSystemReader reader;
  for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096}, std::size_t{1} << 20}) {
    std::string text(size, 'x');
    for (std::size_t i = 0; i < size; i += 7) text[i] = static_cast<char>(i % 251);  // NULs and high bytes too
    const std::string path = dir.write("file" + std::to_string(size), text);
    std::string read = "left from before";
    BOOST_TEST_REQUIRE(reader.read(path, &read), size);
    BOOST_TEST((read == text), size);
  }
}

// A file whose size says nothing of its contents (the kernel's files say 0) is read to its end.
BOOST_AUTO_TEST_CASE(a_file_that_says_it_is_empty_is_read_to_its_end) {
  std::string status;
  BOOST_TEST_REQUIRE(FileSystemReader().read("/proc/self/status", &status));
  BOOST_TEST(status.find("Name:") == 0u, status.substr(0, 40));
  BOOST_TEST(status.find("Pid:") != std::string::npos);
}

// A FIFO is not waited on (opening it for reading would block until a writer came), and neither it nor a
// directory nor a missing path is a file to read; what `contents` held is left as it was.
BOOST_AUTO_TEST_CASE(a_fifo_a_directory_and_a_missing_path_are_not_read) {
  const TempDir dir;
  const std::string fifo = dir.path() + "/schema.fbs";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const FileSystemReader reader;
  for (const std::string& path : {fifo, dir.path(), dir.path() + "/missing.fbs"}) {
    std::string contents = "unchanged";
    BOOST_TEST(!reader.read(path, &contents), path);
    BOOST_TEST(contents == "unchanged", path);
  }
}

BOOST_AUTO_TEST_SUITE_END()
