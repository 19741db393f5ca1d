#include "fbcompat/core/config.h"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "fbcompat/base/limits.h"
#include "fbcompat/core/regular_file.h"
#include "fbcompat/support/toml_file.h"

#include "fbcompat/core/rule.h"

namespace fbcompat {
namespace {

namespace fs = std::filesystem;

// Why a configuration file was not read, naming what it is when it is not a regular file.
std::string config_file_problem(const std::string& path, const RegularFileRead& read) {
  if (read.outcome == RegularFileRead::Outcome::NotRegular) {
    std::error_code ignored;
    const fs::file_status status = fs::status(path, ignored);
    const char* what = fs::is_directory(status) ? "a directory"
                       : fs::is_fifo(status)    ? "a FIFO"
                       : fs::is_character_file(status) || fs::is_block_file(status) ? "a device"
                       : fs::is_socket(status)  ? "a socket"
                                                : "not a regular file";
    return fmt::format("is {}, not a configuration file: fbcompat.toml must be a regular file; it was not read", what);
  }
  if (read.outcome == RegularFileRead::Outcome::CannotOpen && read.error == ENOENT) return "no such file";
  return regular_file_problem(read, limits::kSchemaFileSizeName, limits::kSchemaFileSize);
}

class ConfigReader {
 public:
  ConfigReader(std::string path, std::string base_dir, const std::vector<RuleInfo>& rules)
      : path_(std::move(path)), base_dir_(std::move(base_dir)), rules_(rules) {}

  bool known_rule(std::string_view id) const {
    return std::any_of(rules_.begin(), rules_.end(), [&](const RuleInfo& rule) { return rule.id == id; });
  }

  Error error_at(const toml::node& node, std::string message) const {
    return Error{path_, static_cast<std::uint32_t>(node.source().begin.line),
                 static_cast<std::uint32_t>(node.source().begin.column), std::move(message)};
  }

  std::optional<Error> check_keys(const toml::table& table, const std::set<std::string>& known, const std::string& where) const {
    for (const auto& [key, node] : table) {
      if (known.count(std::string(key.str())) == 0) {
        std::string expected;
        for (const std::string& name : known) expected += (expected.empty() ? "" : ", ") + name;
        return error_at(node, fmt::format("unknown key '{}' in {} (expected one of: {})", key.str(), where, expected));
      }
    }
    return std::nullopt;
  }

  std::optional<Error> read_string(const toml::table& table, const char* key, std::string& out, bool required,
                                   const std::string& where) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) {
      if (!required) return std::nullopt;
      return Error{path_, static_cast<std::uint32_t>(table.source().begin.line), 0,
                   fmt::format("{} has no '{}'", where, key)};
    }
    const auto value = node->value<std::string>();
    if (!value) return error_at(*node, fmt::format("'{}' in {} must be a string", key, where));
    out = *value;
    return std::nullopt;
  }

  std::optional<Error> read_strings(const toml::table& table, const char* key, std::vector<std::string>& out,
                                    const std::string& where) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) return std::nullopt;
    const toml::array* array = node->as_array();
    if (array == nullptr) return error_at(*node, fmt::format("'{}' in {} must be an array of strings", key, where));
    for (const toml::node& element : *array) {
      const auto value = element.value<std::string>();
      if (!value) return error_at(element, fmt::format("'{}' in {} must be an array of strings", key, where));
      out.push_back(*value);
    }
    return std::nullopt;
  }

  std::string resolve(const std::string& relative) const {
    if (relative.empty() || fs::path(relative).is_absolute()) return relative;
    std::string resolved = (fs::path(base_dir_) / relative).lexically_normal().string();
    while (resolved.size() > 1 && resolved.back() == '/') resolved.pop_back();  // "dir/." -> "dir"
    return resolved;
  }

  // [module]: the schema files `diff --against` checks, their include directories, and the moves git's
  // rename detection cannot see ("old/path.fbs" = "new/path.fbs"). Paths are relative to this file.
  std::optional<Error> read_module(const toml::node& node, ModuleConfig& module) const {
    const toml::table* table = node.as_table();
    if (table == nullptr) return error_at(node, "[module] must be a table");
    if (auto problem = check_keys(*table, {"roots", "exclude", "include", "renames"}, "[module]")) return problem;
    std::vector<std::string> roots;
    std::vector<std::string> excluded;
    std::vector<std::string> includes;
    if (auto problem = read_strings(*table, "roots", roots, "[module]")) return problem;
    if (auto problem = read_strings(*table, "exclude", excluded, "[module]")) return problem;
    if (auto problem = read_strings(*table, "include", includes, "[module]")) return problem;
    for (const std::string& root : roots) module.roots.push_back(resolve(root));
    for (const std::string& path : excluded) module.exclude.push_back(resolve(path));
    for (const std::string& include : includes) module.include_dirs.push_back(resolve(include));
    if (const toml::node* renames = table->get("renames")) {
      const toml::table* moves = renames->as_table();
      if (moves == nullptr) return error_at(*renames, "[module] renames must be a table of \"old.fbs\" = \"new.fbs\"");
      for (const auto& [from, to] : *moves) {
        const auto target = to.value<std::string>();
        if (!target) return error_at(to, fmt::format("[module] renames: \"{}\" must name the file's new path", from.str()));
        module.renames.emplace_back(resolve(std::string(from.str())), resolve(*target));
      }
    }
    return std::nullopt;
  }

  // Where the keys a loosening can be about are written (Config::lines).
  static void note_lines(const toml::table& root, Config& config) {
    for (const char* section : {"module", "diff"}) {
      const toml::table* table = root.get(section) != nullptr ? root.get(section)->as_table() : nullptr;
      if (table == nullptr) continue;
      for (const auto& [key, node] : *table) {
        config.lines[std::string(section) + "." + std::string(key.str())] =
            static_cast<std::uint32_t>(node.source().begin.line);
      }
    }
  }

  // `key`: "history", or "family", its older name.
  std::optional<Error> read_history(const toml::node& node, const std::string& key, Config& config) const {
    const toml::table* table = node.as_table();
    const std::string where = fmt::format("a [[{}]]", key);
    if (table == nullptr) return error_at(node, fmt::format("each history must be a [[{}]] table", key));
    if (auto problem = check_keys(*table, {"name", "directory", "writer", "reader", "accept_identifiers", "include",
                                           "golden", "lock", "runtime", "runtime_sources"},
                                  where)) {
      return problem;
    }
    HistoryConfig family;
    if (auto problem = read_string(*table, "name", family.name, true, where)) return problem;
    const std::string named = fmt::format("history '{}'", family.name);
    if (auto problem = read_string(*table, "directory", family.directory, true, named)) return problem;
    if (auto problem = read_string(*table, "writer", family.writer, false, named)) return problem;
    if (auto problem = read_string(*table, "reader", family.reader, false, named)) return problem;
    if (auto problem = read_string(*table, "golden", family.golden, false, named)) return problem;
    if (auto problem = read_string(*table, "lock", family.lock, false, named)) return problem;
    if (auto problem = read_strings(*table, "accept_identifiers", family.accept_identifiers, named)) return problem;
    if (auto problem = read_strings(*table, "include", family.include_dirs, named)) return problem;
    if (auto problem = read_string(*table, "runtime", family.runtime, false, named)) return problem;
    if (!family.runtime.empty() && family.runtime != "builtin") {
      return error_at(*table->get("runtime"), fmt::format("{}: runtime must be \"builtin\" (runtime_sources names C++ "
                                                          "files to scan instead)", named));
    }
    if (auto problem = read_strings(*table, "runtime_sources", family.runtime_sources, named)) return problem;
    for (const std::string& identifier : family.accept_identifiers) {
      if (identifier.size() != 4) {
        return error_at(*table->get("accept_identifiers"),
                        fmt::format("{}: '{}' is not a 4-character file_identifier", named, identifier));
      }
    }
    if (config.find_history(family.name) != nullptr) return error_at(node, fmt::format("{} is declared twice", named));
    family.directory = resolve(family.directory);
    family.golden = resolve(family.golden);
    family.lock = resolve(family.lock);
    for (std::string& dir : family.include_dirs) dir = resolve(dir);
    for (std::string& source : family.runtime_sources) source = resolve(source);
    config.histories.push_back(std::move(family));
    return std::nullopt;
  }

  std::optional<Error> read_rules(const toml::table& table, Config& config) const {
    for (const auto& [key, node] : table) {
      const std::string id(key.str());
      if (!known_rule(id)) return error_at(node, fmt::format("unknown rule '{}' in [rules]", id));
      const auto value = node.value<std::string>();
      if (!value || (*value != "error" && *value != "warning" && *value != "info")) {
        return error_at(node, fmt::format("[rules] {}: severity must be \"error\", \"warning\" or \"info\"", id));
      }
      config.policy.severity[id] = *value == "error" ? Severity::Error : *value == "warning" ? Severity::Warning : Severity::Info;
      config.lines["rules." + id] = static_cast<std::uint32_t>(node.source().begin.line);
    }
    return std::nullopt;
  }

  std::optional<Error> read_ignore(const toml::node& node, Config& config) const {
    const toml::table* table = node.as_table();
    if (table == nullptr) return error_at(node, "each ignore must be an [[ignore]] table");
    if (auto problem = check_keys(*table, {"rule", "subject", "reason", "wildcard"}, "an [[ignore]]")) return problem;
    Ignore ignore;
    ignore.file = path_;
    ignore.line = static_cast<std::uint32_t>(table->source().begin.line);
    if (auto problem = read_string(*table, "rule", ignore.rule, true, "an [[ignore]]")) return problem;
    if (!known_rule(ignore.rule)) {
      return error_at(*table->get("rule"), fmt::format("unknown rule '{}' in [[ignore]]", ignore.rule));
    }
    if (auto problem = read_string(*table, "subject", ignore.subject, true, "an [[ignore]]")) return problem;
    if (auto problem = read_string(*table, "reason", ignore.reason, true, "an [[ignore]] (say why it is accepted)")) {
      return problem;
    }
    if (ignore.reason.find_first_not_of(" \t") == std::string::npos) {
      return error_at(*table->get("reason"), "an [[ignore]]'s reason must not be empty");
    }
    // A pattern accepts findings nobody has seen yet, "*" every one of the rule's: the file must say
    // so, so that a reviewer reading the diff of fbcompat.toml sees it.
    bool wildcard = false;
    if (const toml::node* flag = table->get("wildcard")) {
      if (!flag->is_boolean()) return error_at(*flag, "'wildcard' in an [[ignore]] must be true or false");
      wildcard = flag->value<bool>().value_or(false);
    }
    const bool pattern = !ignore.subject.empty() && (ignore.subject.back() == '*' || ignore.subject.back() == '.');
    if (ignore.subject.empty()) return error_at(*table->get("subject"), "an [[ignore]]'s subject must not be empty");
    if (pattern && !wildcard) {
      return error_at(*table->get("subject"),
                      fmt::format("subject \"{}\" is a wildcard: it accepts every {} finding {}; name one subject, "
                                  "or say wildcard = true",
                                  ignore.subject, ignore.rule,
                                  ignore.subject == "*" ? std::string("anywhere")
                                                        : fmt::format("under {}", ignore.subject.substr(
                                                                                      0, ignore.subject.size() - 1))));
    }
    if (wildcard && !pattern) {
      return error_at(*table->get("wildcard"),
                      fmt::format("wildcard = true, but subject \"{}\" names one subject (a wildcard ends in '*')",
                                  ignore.subject));
    }
    config.policy.ignores.push_back(std::move(ignore));
    return std::nullopt;
  }

  Expected<Config> read(const toml::table& root) const {
    Config config;
    config.path = path_;
    config.policy.configuration = path_;
    if (auto problem = check_keys(root, {"history", "family", "rules", "ignore", "diff", "module"}, "the configuration")) {
      return *problem;
    }
    for (const char* key : {"history", "family"}) {
      const toml::node* histories = root.get(key);
      if (histories == nullptr) continue;
      const toml::array* array = histories->as_array();
      if (array == nullptr) return error_at(*histories, fmt::format("'{}' must be written as [[{}]] tables", key, key));
      for (const toml::node& node : *array) {
        if (auto problem = read_history(node, key, config)) return *problem;
      }
      if (std::string(key) == "family" && !array->empty()) {
        // The key's old name keeps users' files working; the note says what to rename.
        config.notes.push_back(fmt::format(
            "{}:{}: [[family]] is read as [[history]], its new name: \"family\" now names a delegate family "
            "(--family), whose history is the [[history]] of its name; rename the key",
            path_, array->front().source().begin.line));
      }
    }
    if (const toml::node* rules = root.get("rules")) {
      if (rules->as_table() == nullptr) return error_at(*rules, "[rules] must be a table of RULE = \"severity\"");
      if (auto problem = read_rules(*rules->as_table(), config)) return *problem;
    }
    if (const toml::node* ignores = root.get("ignore")) {
      const toml::array* array = ignores->as_array();
      if (array == nullptr) return error_at(*ignores, "'ignore' must be written as [[ignore]] tables");
      for (const toml::node& node : *array) {
        if (auto problem = read_ignore(node, config)) return *problem;
      }
    }
    if (const toml::node* diff = root.get("diff")) {
      const toml::table* table = diff->as_table();
      if (table == nullptr) return error_at(*diff, "[diff] must be a table");
      if (auto problem = check_keys(*table, {"union_capacity_warning", "root_tables"}, "[diff]")) return *problem;
      if (auto problem = read_strings(*table, "root_tables", config.root_tables, "[diff]")) return *problem;
      if (const toml::node* capacity = table->get("union_capacity_warning")) {
        const auto value = capacity->value<std::int64_t>();
        if (!value || *value < 0 || *value > 65535) {
          return error_at(*capacity, "union_capacity_warning must be a number of type ids (0..65535)");
        }
        config.union_capacity_warning = static_cast<std::size_t>(*value);
      }
    }
    if (const toml::node* module = root.get("module")) {
      if (auto problem = read_module(*module, config.module)) return *problem;
    }
    note_lines(root, config);
    return config;
  }

 private:
  std::string path_;
  std::string base_dir_;
  const std::vector<RuleInfo>& rules_;
};

}  // namespace

const HistoryConfig* Config::find_history(const std::string& name) const {
  for (const HistoryConfig& family : histories) {
    if (family.name == name) return &family;
  }
  return nullptr;
}

Expected<Config> read_config(const std::string& text, const std::string& shown_as, const std::string& base_dir,
                             const std::vector<RuleInfo>& rules) {
  auto parsed = support::parse_toml_text(text, shown_as);
  if (const auto* problem = std::get_if<support::TomlProblem>(&parsed)) {
    return Error{shown_as, problem->line, problem->column, problem->message};
  }
  return ConfigReader(shown_as, base_dir.empty() ? "." : base_dir, rules).read(std::get<toml::table>(parsed));
}

Expected<Config> load_config(const std::string& path, const std::vector<RuleInfo>& rules) {
  std::string text;
  const RegularFileRead read = read_regular_file(path, limits::kSchemaFileSize, text);
  if (read.outcome != RegularFileRead::Outcome::Read) return Error{path, 0, 0, config_file_problem(path, read)};
  const std::string base_dir = fs::path(path).parent_path().string();
  return read_config(text, path, base_dir, rules);
}

Expected<std::optional<std::string>> config_in(const std::string& directory, const std::string& boundary) {
  const fs::path candidate = fs::path(directory) / "fbcompat.toml";
  std::error_code error_code;
  const fs::file_status status = fs::symlink_status(candidate, error_code);
  if (error_code || !fs::exists(status)) return std::optional<std::string>();
  const std::string shown = candidate.lexically_normal().string();
  if (fs::is_symlink(status)) {
    // Followed only to a file inside the repository: one that leads elsewhere (a home directory's
    // secrets, another project's rules) is refused before anything of it is read or quoted.
    const fs::path target = fs::weakly_canonical(fs::absolute(candidate, error_code), error_code);
    const fs::path root = fs::weakly_canonical(fs::absolute(boundary, error_code), error_code);
    const fs::path relative = target.lexically_relative(root);
    if (relative.empty() || *relative.begin() == "..") {
      return Error{shown, 0, 0,
                   fmt::format("is a symbolic link to a file outside {} ({}); a configuration must be a file inside "
                               "the repository it judges, so it was not read",
                               root.string(), target.string())};
    }
  }
  const fs::file_status followed = fs::status(candidate, error_code);
  if (fs::is_symlink(status) && !fs::exists(followed)) {
    return Error{shown, 0, 0, "is a symbolic link to a file that does not exist (a dangling link), so it was not read"};
  }
  if (!fs::is_regular_file(followed)) {
    RegularFileRead read;
    read.outcome = fs::exists(followed) ? RegularFileRead::Outcome::NotRegular : RegularFileRead::Outcome::CannotOpen;
    read.error = ENOENT;
    return Error{shown, 0, 0, config_file_problem(shown, read)};
  }
  return std::optional<std::string>(shown);
}

Expected<std::optional<std::string>> find_config(const std::string& start_dir) {
  // Relative to start_dir as far as possible ("fbcompat.toml", "../fbcompat.toml"), so that paths in
  // findings stay short.
  std::error_code error_code;
  fs::path dir = fs::canonical(start_dir, error_code);  // no trailing "." or "/" to climb past
  if (error_code) return std::optional<std::string>();
  // Where a configuration's link may lead: the repository that holds start_dir, else the directory the
  // file is found in.
  fs::path boundary;
  for (fs::path up = dir; !up.empty(); up = up.parent_path()) {
    if (fs::exists(up / ".git", error_code)) {
      boundary = up;
      break;
    }
    if (up == up.parent_path()) break;
  }
  fs::path relative = start_dir;
  while (!dir.empty()) {
    auto found = config_in(relative.string(), boundary.empty() ? dir.string() : boundary.string());
    if (!found || *found) {
      if (found) return std::optional<std::string>((relative / "fbcompat.toml").lexically_normal().string());
      return found;
    }
    // A repository's root is the boundary: a file above it belongs to someone else's project (a
    // checkout inside a home directory, a CI workspace) and must not judge this one's schemas.
    if (fs::exists(dir / ".git", error_code)) break;
    if (dir == dir.parent_path()) break;
    dir = dir.parent_path();
    relative /= "..";
  }
  return std::optional<std::string>();
}

}  // namespace fbcompat
