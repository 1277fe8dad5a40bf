/// The prompt bar: whether it has focus, the text being typed, earlier sentences, and what the
/// host's last answer left open (a question, numbered choices, or hints after "Sorry…").
struct PromptState: Equatable, Sendable {
    var isFocused = false
    var field = TextField()
    private(set) var history: [String] = []
    /// Which history entry is shown (nil: the line being typed, kept in `draft`).
    private(set) var historyIndex: Int?
    private var draft = ""
    var pending: Pending?
    /// Whether the sentence that left `pending` was spoken: then `v` on an empty bar listens for
    /// the next one whatever was left open (after "Sorry…" too), where after a typed sentence it
    /// is a letter like any other.
    var followsVoice = false
    /// The names Tab offers while they are being stepped through.
    var completion: PromptCompletion?

    static let historyLimit = Dashboard.promptHistoryLimit

    /// What the last reply left waiting for the next sentence.
    enum Pending: Equatable, Sendable {
        case question(String)
        case choices(question: String, [String])
        case suggestions([String])
    }

    /// Whether the last reply asked something the next sentence answers (a question or choices).
    var isAskingQuestion: Bool {
        switch pending {
        case .question, .choices: true
        case .suggestions, nil: false
        }
    }

    /// Steps back to the previous sentence (↑).
    mutating func showOlder() {
        guard !history.isEmpty else { return }
        if let index = historyIndex {
            guard index > 0 else { return }
            historyIndex = index - 1
        } else {
            draft = field.text
            historyIndex = history.count - 1
        }
        field.replace(with: history[historyIndex!])
    }

    /// Steps forward towards the line being typed (↓).
    mutating func showNewer() {
        guard let index = historyIndex else { return }
        if index + 1 < history.count {
            historyIndex = index + 1
            field.replace(with: history[index + 1])
        } else {
            historyIndex = nil
            field.replace(with: draft)
        }
    }

    /// Takes the typed sentence for submitting: records it in the history and empties the field.
    /// Returns nil for blank text.
    mutating func takeSentence() -> String? {
        let sentence = field.text.trimmed()
        field = TextField()
        historyIndex = nil
        draft = ""
        guard !sentence.isEmpty else { return nil }
        remember(sentence)
        return sentence
    }

    /// Starts with the sentences of an earlier run (oldest first), as `remember` would have kept them.
    mutating func restore(history sentences: [String]) {
        history = []
        for sentence in sentences { remember(sentence) }
    }

    mutating func remember(_ sentence: String) {
        if history.last != sentence { history.append(sentence) }
        if history.count > PromptState.historyLimit { history.removeFirst(history.count - PromptState.historyLimit) }
    }

    /// Leaves the bar: the text, the browsing position and anything pending are dropped.
    mutating func blur() {
        isFocused = false
        field = TextField()
        historyIndex = nil
        draft = ""
        pending = nil
        followsVoice = false
        completion = nil
    }
}
