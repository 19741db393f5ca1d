// Reads schema files straight from a git repository at a ref or from its index (libgit2), without
// checking anything out: the old side of `diff --against git:REF`, the new side of `diff --staged`, and
// every version of `audit --git`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/repository_path.h"
#include "fbcompat/core/source_reader.h"

namespace fbcompat {

struct GitPath;

class GitRepository {
 public:
  // Opens the repository at `path` (a work tree, its .git, or a bare repository), searching parent
  // directories when `search_up` is set.
  static Expected<std::shared_ptr<GitRepository>> open(const std::string& path, bool search_up);
  ~GitRepository();
  GitRepository(const GitRepository&) = delete;
  GitRepository& operator=(const GitRepository&) = delete;

  // The work tree's root with a trailing '/'; empty for a bare repository.
  std::string workdir() const;
  // A path relative to the work tree root, for a file inside the work tree.
  Expected<std::string> relative_path(const std::string& file) const;
  // Refs (branches, tags, remote branches) whose short name matches a glob such as "v*".
  std::vector<std::string> refs_matching(const std::string& glob) const;

  struct Impl;
  Impl& impl() const { return *impl_; }

 private:
  explicit GitRepository(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The tree of one commit, as a SourceReader: paths are relative to the repository root.
class GitTreeReader final : public SourceReader {
 public:
  // Error when the ref does not name a commit; HEAD before the first commit is the empty tree.
  static Expected<std::unique_ptr<GitTreeReader>> open(std::shared_ptr<GitRepository> repository, const std::string& ref);
  ~GitTreeReader() override;

  // A path is read with its links followed inside the tree (a link out of it is never followed).
  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::string display_name(const std::string& path) const override;  // "git:REF:path"
  std::optional<SourceProblem> problem(const std::string& path) const override;

  const std::string& ref() const { return ref_; }
  GitRepository& repository() const { return *repository_; }

  struct Tree;
  const Tree& tree() const { return *tree_; }

 private:
  GitTreeReader(std::shared_ptr<GitRepository> repository, std::string ref, std::unique_ptr<Tree> tree);
  GitPath follow(const std::string& path) const;  // links followed (git/git_links.h)
  std::shared_ptr<GitRepository> repository_;
  std::string ref_;
  std::unique_ptr<Tree> tree_;
};

// The index (the staging area): what `git commit` would commit. Paths are relative to the repository
// root and shown as they are ("schemas/a.fbs"): the staged file is the one in the work tree's place.
class GitIndexReader final : public SourceReader {
 public:
  static Expected<std::unique_ptr<GitIndexReader>> open(std::shared_ptr<GitRepository> repository);
  ~GitIndexReader() override;

  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::optional<SourceProblem> problem(const std::string& path) const override;

  struct Index;
  const Index& index() const { return *index_; }

 private:
  GitIndexReader(std::shared_ptr<GitRepository> repository, std::unique_ptr<Index> index);
  GitPath follow(const std::string& path) const;  // links followed (git/git_links.h)
  std::shared_ptr<GitRepository> repository_;
  std::unique_ptr<Index> index_;
};

}  // namespace fbcompat
