import Dashboard

/// The text of `cdchanger --help`, `cdchanger help [COMMAND]` and `cdchanger COMMAND --help`:
/// whole usage lines (wrapped between options at 80 columns, never cut), every option of the
/// command explained, and the exit statuses where they say more than done, failed or wrong usage.
enum HelpText {
    static let width = 80

    /// The help for the command named by `words` ("play", "magazine create"), for a group
    /// ("magazine"), or the overview when `words` is empty.
    static func forCommand(named words: [String], in commands: [CommandDescription]) throws(UsageError) -> String {
        if words.isEmpty { return overview(commands) }
        if let command = commands.first(where: { $0.words == words && !$0.words.isEmpty }) { return help(for: command) }
        let members = commands.filter { $0.words.count > words.count && Array($0.words.prefix(words.count)) == words }
        if !members.isEmpty { return group(words.joined(separator: " "), members) }
        throw UsageError("unknown command \u{201C}\(words.joined(separator: " "))\u{201D} (cdchanger help lists the commands)")
    }

    static func overview(_ commands: [CommandDescription]) -> String {
        var lines = [
            "CD Changer \(CLI.version): a six-disc changer for your terminal.",
            "",
            "Usage: cdchanger [--library DIR] [--state-dir DIR] [COMMAND] [OPTIONS]",
            "With no command, opens the dashboard.",
            "",
            "Commands:",
        ]
        for command in commands {
            lines += usageLines(command, indent: 2)
            lines += wrap(command.summary, indent: 6)
        }
        if let dashboard = commands.first(where: { $0.words.isEmpty }) {
            lines += ["", "Options of the dashboard (no command):"] + optionLines(dashboard.options)
        }
        lines += ["", "Options for every command:"]
        lines += optionLines(GlobalOptions.options + [GlobalOptions.version])
        lines += [""]
        lines += wrap("cdchanger help COMMAND (or cdchanger COMMAND --help) explains a command, each of its options and its exit statuses. Settings are kept in \(SettingsFile.documentedPath): see cdchanger help config.", indent: 0)
        return lines.joined(separator: "\n")
    }

    static func help(for command: CommandDescription) -> String {
        var lines = usageLines(command, indent: 0, label: "Usage: ")
        lines += [""] + wrap(command.summary, indent: 0)
        if let details = command.details { lines += [""] + wrap(details, indent: 0) }
        if !command.options.isEmpty {
            lines += ["", "Options:"] + optionLines(command.options)
        }
        for section in command.sections {
            lines += ["", "\(section.title):"] + optionLines(section.entries)
        }
        if !command.exitStatuses.isEmpty {
            lines += ["", "Exit status:"]
            lines += optionLines(command.exitStatuses.map { OptionHelp(String($0.status), $0.meaning) })
        }
        lines += [""]
        lines += wrap("Options for every command: " + GlobalOptions.options.map(\.label).joined(separator: ", ") + " (cdchanger --help explains them).", indent: 0)
        return lines.joined(separator: "\n")
    }

    static func group(_ name: String, _ members: [CommandDescription]) -> String {
        var lines = ["Usage:"]
        for command in members {
            lines += usageLines(command, indent: 2)
            lines += wrap(command.summary, indent: 6)
        }
        lines += ["", "cdchanger help \(name) COMMAND explains one of them and each of its options."]
        return lines.joined(separator: "\n")
    }

    /// "cdchanger play [--magazine NAME] …" broken between its bracketed parts, the following
    /// lines lined up under the first option.
    static func usageLines(_ command: CommandDescription, indent: Int, label: String = "") -> [String] {
        let lead = String(repeating: " ", count: indent) + label + (["cdchanger"] + command.words).joined(separator: " ")
        let parts = synopsisParts(command.synopsis).dropFirst(command.words.count)
        var lines: [String] = []
        var line = lead
        let continuation = String(repeating: " ", count: DisplayWidth.of(lead) + 1)
        for part in parts {
            if DisplayWidth.of(line) + 1 + DisplayWidth.of(part) > width, line != lead, line != continuation {
                lines.append(line)
                line = continuation + part
            } else {
                line += (line == continuation ? "" : " ") + part
            }
        }
        lines.append(line)
        return lines
    }

    /// The words of a synopsis, a bracketed group ("[--device NAME | --output …]") kept whole.
    static func synopsisParts(_ synopsis: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in synopsis {
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            if character == " ", depth == 0 {
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// Each option's label and meaning in two columns, the meaning wrapped.
    static func optionLines(_ options: [OptionHelp]) -> [String] {
        let labelWidth = min(24, options.map { DisplayWidth.of($0.label) }.max() ?? 0)
        var lines: [String] = []
        for option in options {
            let label = "  " + option.label
            if DisplayWidth.of(option.label) > labelWidth {
                lines.append(label)
                lines += wrap(option.meaning, indent: labelWidth + 4)
            } else {
                let padded = label + String(repeating: " ", count: labelWidth - DisplayWidth.of(option.label) + 2)
                let wrapped = wrap(option.meaning, indent: labelWidth + 4)
                lines.append(padded + wrapped[0].dropFirst(labelWidth + 4))
                lines += wrapped.dropFirst()
            }
        }
        return lines
    }

    /// `text` broken between words into lines of at most `width` columns, each indented by
    /// `indent`. A word longer than a line stays whole.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let lead = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = lead + word
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > width {
                lines.append(line)
                line = lead + word
            } else {
                line += " " + word
            }
        }
        lines.append(line.isEmpty ? lead : line)
        return lines
    }
}
