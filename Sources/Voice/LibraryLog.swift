import CSphinxLog

/// PocketSphinx's and sphinxbase's log: nothing of it reaches stderr, and the calling thread's
/// latest warning or error is kept to say why a call failed (`CSphinxLog`'s callback, installed
/// with `err_set_callback`).
///
/// It replaces the `-logfn /dev/null` option every decoder had: that made each `ps_init` reopen
/// the library's one process-wide log file and close the previous one, a race when two decoders
/// start on two threads at once.
enum LibraryLog {
    /// The callback, installed once per process (`err_set_callback`).
    private static let installed: Void = cdc_keep_library_messages()

    /// Makes sure the callback is installed and forgets this thread's earlier message: call
    /// before a library call whose failure `lastMessage` should explain.
    static func begin() {
        _ = installed
        cdc_forget_library_message()
    }

    /// This thread's latest warning or error since `begin`, without the library's prefix
    /// (`ERROR: "acmod.c", line 83: `); nil when there was none.
    static func lastMessage() -> String? {
        var text = Substring(String(cString: cdc_library_message()))
        while let last = text.last, last.isWhitespace { text.removeLast() }
        // The prefix ends at the first ": " after "line N".
        if let line = text.firstRange(of: ", line "), let colon = text[line.upperBound...].firstRange(of: ": ") {
            text = text[colon.upperBound...]
        }
        return text.isEmpty ? nil : String(text)
    }
}
