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
  // The repository of the submodule at `path` (a repository path): its checkout in the work tree, else
  // its clone under the repository's modules directory. Opened once. An Error naming the submodule and
  // saying how to get it when neither is there.
  Expected<std::shared_ptr<GitRepository>> submodule(const std::string& path) const;

  struct Impl;
  Impl& impl() const { return *impl_; }

 private:
  explicit GitRepository(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The tree of one commit, as a SourceReader: paths are relative to the repository root. A path inside a
// submodule is read from the submodule's repository, at the commit this tree records for it.
class GitTreeReader final : public SourceReader {
 public:
  // Error when the ref does not name a commit; HEAD before the first commit is the empty tree.
  static Expected<std::unique_ptr<GitTreeReader>> open(std::shared_ptr<GitRepository> repository, const std::string& ref);
  // The empty tree of a repository (a submodule that one side does not have), shown as `ref`.
  static std::unique_ptr<GitTreeReader> empty(std::shared_ptr<GitRepository> repository, const std::string& ref);
  ~GitTreeReader() override;

  // A path is read with its links followed inside the tree (a link out of it is never followed).
  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::string display_name(const std::string& path) const override;  // "git:REF:path"
  // Whether the tree holds `path` as a symbolic link (whose blob is the link's target, not a file's text).
  bool is_link(const std::string& path) const;
  std::optional<SourceProblem> problem(const std::string& path) const override;

  const std::string& ref() const { return ref_; }
  GitRepository& repository() const { return *repository_; }

  struct Tree;
  const Tree& tree() const { return *tree_; }

 private:
  GitTreeReader(std::shared_ptr<GitRepository> repository, std::string ref, std::unique_ptr<Tree> tree);
  // The reader of the submodule that holds `path`, at the commit this tree records, and the path inside
  // it; null when no submodule holds it, or it cannot be read.
  const GitTreeReader* in_submodule(const std::string& path, std::string* inner) const;
  GitPath follow(const std::string& path) const;  // links followed (git/git_links.h)
  std::shared_ptr<GitRepository> repository_;
  std::string ref_;
  std::unique_ptr<Tree> tree_;
};

// The index (the staging area): what `git commit` would commit. Paths are relative to the repository
// root and shown as they are ("schemas/a.fbs"): the staged file is the one in the work tree's place. A
// path inside a submodule is read at the commit the index stages for it.
class GitIndexReader final : public SourceReader {
 public:
  static Expected<std::unique_ptr<GitIndexReader>> open(std::shared_ptr<GitRepository> repository);
  ~GitIndexReader() override;

  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  // Whether the index stages `path` as a symbolic link.
  bool is_link(const std::string& path) const;
  std::optional<SourceProblem> problem(const std::string& path) const override;

  struct Index;
  const Index& index() const { return *index_; }
  GitRepository& repository() const { return *repository_; }

 private:
  GitIndexReader(std::shared_ptr<GitRepository> repository, std::unique_ptr<Index> index);
  const GitTreeReader* in_submodule(const std::string& path, std::string* inner) const;
  GitPath follow(const std::string& path) const;  // links followed (git/git_links.h)
  std::shared_ptr<GitRepository> repository_;
  std::unique_ptr<Index> index_;
};

}  // namespace fbcompat
