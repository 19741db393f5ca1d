// read_regular_file reads a file whole with one read of its size (FileSystemReader, read_program_file
// and golden verify read through it): what it returns for files that are not what their size says, and
// for paths that are not files to read.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/core/regular_file.h"
#include "fbcompat/core/source_reader.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

using Outcome = RegularFileRead::Outcome;

BOOST_AUTO_TEST_SUITE(regular_file)

BOOST_AUTO_TEST_CASE(a_file_is_read_whole_whatever_its_size) {
  const TempDir dir;
  for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096}, std::size_t{1} << 20}) {
    std::string text(size, 'x');
    for (std::size_t i = 0; i < size; i += 7) text[i] = static_cast<char>(i % 251);  // NULs and high bytes too
    const std::string path = dir.write("file" + std::to_string(size), text);
    std::string read = "left from before";
    BOOST_TEST_REQUIRE(FileSystemReader().read(path, &read), size);
    BOOST_TEST((read == text), size);
    std::vector<std::uint8_t> bytes;
    BOOST_TEST((read_regular_file(path, UINT64_MAX, bytes).outcome == Outcome::Read), size);
    BOOST_TEST((bytes == std::vector<std::uint8_t>(text.begin(), text.end())), size);
  }
}

// A file whose size says nothing of its contents (the kernel's files say 0) is read to its end, and held
// to the limit all the same.
BOOST_AUTO_TEST_CASE(a_file_that_says_it_is_empty_is_read_to_its_end) {
  std::string status;
  BOOST_TEST_REQUIRE(FileSystemReader().read("/proc/self/status", &status));
  BOOST_TEST(status.find("Name:") == 0u, status.substr(0, 40));
  BOOST_TEST(status.find("Pid:") != std::string::npos);
  std::string limited;
  const RegularFileRead read = read_regular_file("/proc/self/status", 16, limited);
  BOOST_TEST((read.outcome == Outcome::TooLarge));
  BOOST_TEST(read.size > 16u);
  BOOST_TEST(limited.empty());
  // At a limit that is a whole number of the reader's blocks, a longer file is still too large, not cut.
  std::string maps;
  BOOST_TEST_REQUIRE(FileSystemReader().read("/proc/self/smaps", &maps));
  BOOST_TEST_REQUIRE(maps.size() > 8192u);
  for (const std::uint64_t limit : {std::uint64_t{4096}, std::uint64_t{8192}}) {
    std::string cut;
    BOOST_TEST((read_regular_file("/proc/self/smaps", limit, cut).outcome == Outcome::TooLarge), limit);
    BOOST_TEST(cut.empty());
  }
  // At exactly its length, a file that says it is empty is read whole.
  std::string command_line;
  BOOST_TEST_REQUIRE(FileSystemReader().read("/proc/self/cmdline", &command_line));
  std::string again;
  BOOST_TEST((read_regular_file("/proc/self/cmdline", command_line.size(), again).outcome == Outcome::Read));
  BOOST_TEST(again == command_line);
  BOOST_TEST((read_regular_file("/proc/self/cmdline", command_line.size() - 1, again).outcome == Outcome::TooLarge));
}

// A FIFO is not waited on (opening it for reading would block until a writer came); neither it nor a
// directory nor a missing path nor a file past the limit is read, and the container is left as it was.
BOOST_AUTO_TEST_CASE(what_is_not_a_file_to_read_is_named_and_nothing_is_read) {
  const TempDir dir;
  const std::string fifo = dir.path() + "/schema.fbs";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string large = dir.write("large.pte", std::string(100, 'p'));
  const struct {
    std::string path;
    Outcome outcome;
  } cases[] = {{fifo, Outcome::NotRegular},
               {dir.path(), Outcome::NotRegular},
               {dir.path() + "/missing.fbs", Outcome::CannotOpen},
               {large, Outcome::TooLarge}};
  for (const auto& c : cases) {
    // The same when a listing said the path was a regular file: what is opened is still asked what it is.
    for (const FileKnown known : {FileKnown::Unknown, FileKnown::ListedRegular}) {
      std::string contents = "unchanged";
      const RegularFileRead read = read_regular_file(c.path, 99, contents, known);
      BOOST_TEST((read.outcome == c.outcome), c.path);
      BOOST_TEST(contents == "unchanged", c.path);
      if (c.outcome == Outcome::TooLarge) BOOST_TEST(read.size == 100u);
    }
  }
  // Worded for errors (read_program_file, golden verify).
  std::string worded;
  BOOST_TEST(regular_file_problem(read_regular_file(fifo, 99, worded), "program-size", 99) == "not a regular file");
  BOOST_TEST(regular_file_problem(read_regular_file(dir.path() + "/missing.fbs", 99, worded), "program-size", 99) ==
             "cannot open: No such file or directory");
  BOOST_TEST(regular_file_problem(read_regular_file(large, 99, worded), "program-size", 99) ==
             "the file is 100 bytes, above the program-size limit of 99");
  BOOST_TEST(regular_file_problem(read_regular_file(large, 100, worded), "program-size", 100) == "");
  std::string contents = "unchanged";
  BOOST_TEST(!FileSystemReader().read(fifo, &contents));
  BOOST_TEST(contents == "unchanged");

  // Nor is it opened: a writer waiting for a reader keeps waiting.
  std::atomic<bool> writer_opened{false};
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    writer_opened = true;
    if (fd >= 0) ::close(fd);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  BOOST_TEST((read_regular_file(fifo, 99, contents).outcome == Outcome::NotRegular));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  BOOST_TEST(!writer_opened.load());
  const int reader = ::open(fifo.c_str(), O_RDONLY);  // lets the writer go
  writer.join();
  if (reader >= 0) ::close(reader);
  BOOST_TEST(writer_opened.load());
}

BOOST_AUTO_TEST_SUITE_END()
