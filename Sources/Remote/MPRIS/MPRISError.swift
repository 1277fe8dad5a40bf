/// Why MPRIS could not start.
public enum MPRISError: Error, Equatable, CustomStringConvertible {
    /// No session bus to connect to; `detail` is libdbus's reason.
    case noSessionBus(detail: String)
    /// The bus refused the name request itself (not "taken", which falls back to an instance name).
    case nameUnavailable(name: String, detail: String)
    /// The MPRIS object could not be exported.
    case registrationFailed(detail: String)
    /// The dispatch thread could not be started.
    case threadFailed(code: Int32)

    public var description: String {
        switch self {
        case .noSessionBus: "No D-Bus session bus: media keys and MPRIS are off."
        case .nameUnavailable(let name, let detail): "Could not own the D-Bus name \(name) (\(detail)): media keys and MPRIS are off."
        case .registrationFailed(let detail): "Could not export the MPRIS player (\(detail)): media keys and MPRIS are off."
        case .threadFailed(let code): "Could not start the D-Bus thread (error \(code)): media keys and MPRIS are off."
        }
    }
}
