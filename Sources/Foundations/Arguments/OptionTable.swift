/// The options a command accepts at one point of the command line: its own, the global
/// options of the commands above it, and the built-in `--help` (and `--version` at the root).
struct OptionTable {
    enum Role { case user, help, version }

    struct Entry {
        var option: Option
        var role: Role
    }

    static let helpOption = Option("-h", "--help", help: "Show help information.")
    static let versionOption = Option("--version", help: "Show the version.")

    /// In help order: own options, then global ones, then the built-ins last.
    /// Looked up by name in order: a command has a few dozen at most, and a
    /// dictionary of a new value type costs the runtime more to build, on
    /// first use in each process, than every lookup of a command line.
    let entries: [Entry]

    init(chain: [CommandSpec]) {
        var candidates: [Entry] = []
        if let command = chain.last {
            candidates += command.options.map { Entry(option: $0, role: .user) }
        }
        // The nearest command's globals come first so that they shadow a farther one's.
        for command in chain.reversed() {
            candidates += command.globalOptions.map { Entry(option: $0, role: .user) }
        }
        if chain.count == 1 {
            candidates.append(Entry(option: Self.versionOption, role: .version))
        }
        candidates.append(Entry(option: Self.helpOption, role: .help))

        // A name defined twice belongs to the first definition; the later one keeps its
        // other names so that, say, a command's own `-h` leaves `--help` working.
        var kept: [Entry] = []
        for var entry in candidates {
            entry.option.names = entry.option.names.filter { Self.entry(named: $0, in: kept) == nil }
            guard !entry.option.names.isEmpty else { continue }
            kept.append(entry)
        }
        entries = kept
    }

    subscript(name: String) -> Entry? { Self.entry(named: name, in: entries) }

    private static func entry(named name: String, in entries: [Entry]) -> Entry? {
        entries.first { $0.option.names.contains(name) }
    }
}
