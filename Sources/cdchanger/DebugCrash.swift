import MainLoop

/// `CDCHANGER_DEBUG_CRASH=trap` or `=segv`: the dashboard crashes on purpose `delay` seconds after
/// it has opened — a Swift trap (`fatalError`), or a store to a bad address — so that a test can
/// see the terminal given back by a real crash. Not in the help: it is for tests, and does nothing
/// unset.
enum DebugCrash {
    static let variable = "CDCHANGER_DEBUG_CRASH"
    static let delay = 3.0

    static func scheduleIfAsked(on loop: MainLoop, environment: [String: String]) {
        switch environment[variable] {
        case "trap"?:
            _ = loop.every(delay) { fatalError("\(variable)=trap: crashing on purpose") }
        case "segv"?:
            _ = loop.every(delay) { UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1 }
        default:
            break
        }
    }
}
