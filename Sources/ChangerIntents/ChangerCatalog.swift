import IntentKit

/// CD Changer's intents as data: identifiers (part of the command-line contract), parameters,
/// follow-up questions and dialog. Execution against the changer lives elsewhere.
public enum ChangerCatalog {
    /// The identifier of the magazine entity type.
    public static let magazineType = "Magazine"

    /// The magazine parameter, optional or required.
    static func magazine(required: Bool) -> ParameterDefinition {
        ParameterDefinition(name: "magazine", title: "Magazine", type: .entity(magazineType), isRequired: required, question: "Which magazine?")
    }

    /// Every intent, in listing order.
    public static let intents: [IntentDefinition] = [
        IntentDefinition(.playMagazine, title: "Play Magazine", parameters: [magazine(required: true)],
                         summary: "Play the magazine {magazine}", response: "Playing the magazine {magazine}."),
        IntentDefinition(.playDisc, title: "Play Disc", parameters: [
            ParameterDefinition(name: "disc", title: "Disc", type: .enumeration(ChangerEnums.discNumber), question: "Which disc?", answerType: .integer(1...99)),
            magazine(required: false),
            // Not in any phrase: the dashboard's track list plays a disc from one of its tracks.
            ParameterDefinition(name: "track", title: "Track", type: .integer(1...9999), isRequired: false, question: "Which track?"),
        ], summary: "Play disc {disc}[ of {magazine}]", response: "Playing disc {disc}[ of {magazine}]."),
        IntentDefinition(.playSomething, title: "Play Something", summary: "Play whatever is loaded", response: "Playing where you left off."),
        IntentDefinition(.pause, title: "Pause", summary: "Pause", response: "Paused."),
        IntentDefinition(.resume, title: "Resume", summary: "Resume playing", response: "Resuming."),
        IntentDefinition(.stop, title: "Stop", summary: "Stop playing", response: "Stopped."),
        IntentDefinition(.togglePlayPause, title: "Play or Pause", summary: "Play or pause", response: "Done."),
        IntentDefinition(.nextTrack, title: "Next Track", summary: "Skip to the next track", response: "Next track."),
        IntentDefinition(.previousTrack, title: "Previous Track", summary: "Go back to the previous track", response: "Previous track."),
        IntentDefinition(.nextDisc, title: "Next Disc", summary: "Change to the next disc", response: "Next disc."),
        IntentDefinition(.previousDisc, title: "Previous Disc", summary: "Go back to the previous disc", response: "Previous disc."),
        IntentDefinition(.nextMagazine, title: "Next Magazine", summary: "Change to the next magazine", response: "Next magazine."),
        IntentDefinition(.previousMagazine, title: "Previous Magazine", summary: "Go back to the previous magazine", response: "Previous magazine."),
        IntentDefinition(.seek, title: "Seek", parameters: [
            ParameterDefinition(name: "direction", title: "Direction", type: .enumeration(ChangerEnums.seekDirection), question: "Forward or backward?"),
            // Not in any phrase: media keys (MPRIS Seek, SetPosition) move by other amounts than 10 s.
            ParameterDefinition(name: "seconds", title: "Seconds", type: .integer(1...86_400), isRequired: false, question: "How many seconds?"),
            // Not in any phrase either: where MPRIS Seek and SetPosition go, in microseconds from
            // the start of the track (instead of `seconds`).
            ParameterDefinition(name: "position", title: "Position", type: .integer(0...86_400_000_000), isRequired: false, question: "Where in the track?"),
        ], summary: "Skip {direction}", response: "Skipping {direction}."),
        IntentDefinition(.setVolume, title: "Set Volume", parameters: [
            ParameterDefinition(name: "volume", title: "Volume", type: .enumeration(ChangerEnums.volumeLevel), question: "What volume, from 0 to 100 percent?", answerType: .integer(0...100)),
        ], summary: "Set the volume to {volume}", response: "Volume {volume}."),
        IntentDefinition(.changeVolume, title: "Change Volume", parameters: [
            ParameterDefinition(name: "step", title: "Step", type: .enumeration(ChangerEnums.volumeStep), question: "Up or down?"),
        ], summary: "Turn the volume {step}", response: "Volume {step}."),
        IntentDefinition(.mute, title: "Mute", summary: "Mute the sound", response: "Muted."),
        IntentDefinition(.unmute, title: "Unmute", summary: "Turn the sound back on", response: "Sound on."),
        IntentDefinition(.repeat, title: "Repeat", parameters: [
            ParameterDefinition(name: "mode", title: "Mode", type: .enumeration(ChangerEnums.repeatMode), question: "Repeat this track, this disc, the whole magazine, or off?"),
        ], summary: "Repeat {mode}", response: "Repeat: {mode}."),
        IntentDefinition(.random, title: "Random", parameters: [
            ParameterDefinition(name: "mode", title: "Mode", type: .enumeration(ChangerEnums.randomMode), question: "Shuffle this disc, the whole magazine, or off?"),
        ], summary: "Shuffle {mode}", response: "Random play: {mode}."),
        IntentDefinition(.scan, title: "Scan", summary: "Play the start of each track", response: "Scanning: playing the start of each track."),
        IntentDefinition(.nowPlaying, title: "Now Playing", summary: "Say what is playing", response: "Here's what's playing."),
    ]
}
