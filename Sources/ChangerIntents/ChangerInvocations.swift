import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IntentKit

/// Ready-bound invocations of this app's intents, for inputs that need no sentence: a key already
/// names its intent and parameters ("3" is PlayDisc(disc: 3)), and so does a media key. They go
/// through the same `IntentPerformer` as typed sentences.
public enum ChangerInvocations {
    /// Disc `number` of the magazine on show, or of `magazine`, from its first track or from `track` (1-based).
    public static func playDisc(_ number: Int, track: Int? = nil, magazine: (id: UUID, name: String)? = nil) -> IntentInvocation {
        let value = enumValue(ChangerEnums.discNumber, .integer(number)) ?? .integer(number)
        var parameters: [String: ParameterValue] = ["disc": value]
        if let track { parameters["track"] = .integer(track) }
        if let magazine { parameters["magazine"] = magazineValue(id: magazine.id, name: magazine.name) }
        return IntentInvocation(.playDisc, parameters: parameters)
    }

    /// A slot (disc) number as a parameter value: the disc-number case for 1–20, a plain number beyond.
    public static func slot(_ number: Int) -> ParameterValue {
        enumValue(ChangerEnums.discNumber, .integer(number)) ?? .integer(number)
    }

    public static func playMagazine(id: UUID, name: String) -> IntentInvocation {
        IntentInvocation(.playMagazine, parameters: ["magazine": magazineValue(id: id, name: name)])
    }

    static func magazineValue(id: UUID, name: String) -> ParameterValue {
        .entity(typeIdentifier: ChangerCatalog.magazineType, id: id.uuidString, displayName: name)
    }

    public static func seek(forward: Bool) -> IntentInvocation {
        IntentInvocation(.seek, parameters: ["direction": enumValue(ChangerEnums.seekDirection, .string(forward ? "forward" : "backward"))!])
    }

    /// A seek by any amount; whole seconds, at least one.
    public static func seek(by seconds: Double) -> IntentInvocation {
        seek(forward: seconds >= 0).binding("seconds", to: .integer(max(1, Int(abs(seconds).rounded()))))
    }

    /// A seek to an exact place, `microseconds` from the start of the track (MPRIS `Seek` and
    /// `SetPosition`), from `elapsed` seconds (which says the direction).
    public static func seek(toMicroseconds microseconds: Int64, from elapsed: Double) -> IntentInvocation {
        let position = max(0, microseconds)
        return seek(forward: Double(position) >= elapsed * 1_000_000).binding("position", to: .integer(Int(position)))
    }

    public static func changeVolume(up: Bool) -> IntentInvocation {
        IntentInvocation(.changeVolume, parameters: ["step": enumValue(ChangerEnums.volumeStep, .string(up ? "up" : "down"))!])
    }

    public static func setVolume(_ percent: Int) -> IntentInvocation {
        let clamped = min(100, max(0, percent))
        return IntentInvocation(.setVolume, parameters: ["volume": enumValue(ChangerEnums.volumeLevel, .integer(clamped))!])
    }

    public static func repeatMode(_ mode: RepeatMode) -> IntentInvocation {
        IntentInvocation(.repeat, parameters: ["mode": enumValue(ChangerEnums.repeatMode, .string(mode.rawValue))!])
    }

    public static func randomMode(_ mode: RandomMode) -> IntentInvocation {
        IntentInvocation(.random, parameters: ["mode": enumValue(ChangerEnums.randomMode, .string(mode.rawValue))!])
    }

    /// An intent without parameters (`.nextTrack`, `.pause`, `.scan`…).
    public static func plain(_ intent: ChangerIntent) -> IntentInvocation {
        IntentInvocation(intent)
    }

    /// The enum case whose value is `value`, as an invocation parameter with its real display name.
    static func enumValue(_ definition: EnumDefinition, _ value: EnumCaseValue) -> ParameterValue? {
        guard let found = definition.cases.first(where: { $0.value == value }) else { return nil }
        return .enumCase(enumIdentifier: definition.identifier, value: found.value, displayName: found.displayName)
    }
}
