import IntentKit

/// CD Changer's intents as data: identifiers (part of the command-line contract), parameters,
/// follow-up questions and dialog. Execution against the changer lives elsewhere.
public enum ChangerCatalog {
    /// The identifier of the magazine entity type.
    public static let magazineType = "Magazine"
    /// The identifiers of the library's entity types: albums (discs), artists, songs and genres.
    public static let albumType = "Album"
    public static let artistType = "Artist"
    public static let songType = "Song"
    public static let genreType = "Genre"
    public static let decadeType = "Decade"

    /// The magazine parameter, optional or required.
    static func magazine(required: Bool) -> ParameterDefinition {
        ParameterDefinition(name: "magazine", title: "Magazine", type: .entity(magazineType), isRequired: required, question: "Which magazine?")
    }

    /// A disc (slot) number parameter: the 1–20 enum in phrases, any slot 1–99 as an answer.
    static func disc(_ name: String = "disc", title: String = "Disc", required: Bool = true, question: String = "Which disc?") -> ParameterDefinition {
        ParameterDefinition(name: name, title: title, type: .enumeration(ChangerEnums.discNumber), isRequired: required, question: question, answerType: .integer(1...99))
    }

    /// The random mode a disc named by sentence plays in ("shuffle Night Drive"); unbound, the mode stays.
    static func random() -> ParameterDefinition {
        ParameterDefinition(name: "random", title: "Random", type: .enumeration(ChangerEnums.randomMode), isRequired: false, question: "Shuffle this disc, the whole magazine, or off?")
    }

    static func album(question: String) -> ParameterDefinition {
        ParameterDefinition(name: "album", title: "Album", type: .entity(albumType), question: question)
    }

    /// Every intent, in listing order.
    public static let intents: [IntentDefinition] = [
        IntentDefinition(.playMagazine, title: "Play Magazine", parameters: [magazine(required: true), random()],
                         summary: "Play the magazine {magazine}[, shuffling {random}]", response: "Playing the magazine {magazine}."),
        IntentDefinition(.playMagazineNumber, title: "Play Magazine by Number", parameters: [
            ParameterDefinition(name: "number", title: "Number", type: .enumeration(ChangerEnums.magazineNumber), question: "Which magazine number?", answerType: .integer(1...999)),
        ], summary: "Play magazine number {number} in the rack", response: "Playing magazine {number} of the rack."),
        IntentDefinition(.playDisc, title: "Play Disc", parameters: [
            disc(), magazine(required: false),
            // Not in any phrase: the dashboard's track list plays a disc from one of its tracks.
            ParameterDefinition(name: "track", title: "Track", type: .integer(1...9999), isRequired: false, question: "Which track?"),
        ], summary: "Play disc {disc}[ of {magazine}]", response: "Playing disc {disc}[ of {magazine}]."),
        IntentDefinition(.playLastDisc, title: "Play the Last Disc", summary: "Play the last disc in the magazine", response: "Playing the last disc."),
        IntentDefinition(.playTrackNumber, title: "Play Track", parameters: [
            ParameterDefinition(name: "track", title: "Track", type: .enumeration(ChangerEnums.trackNumber), question: "Which track?", answerType: .integer(1...999)),
            disc(required: false),
        ], summary: "Play track {track}[ of disc {disc}]", response: "Playing track {track}[ of disc {disc}]."),
        IntentDefinition(.playAlbum, title: "Play Album", parameters: [
            album(question: "Which album?"),
            // Not in any phrase: the answer to "Which slot should it go in?" when the magazine is full.
            disc("slot", title: "Slot", required: false, question: "Which slot should it go in?"),
            random(),
            // "Play track two of Night Drive": the track to start from (the first when not said).
            ParameterDefinition(name: "track", title: "Track", type: .enumeration(ChangerEnums.trackNumber), isRequired: false, question: "Which track?", answerType: .integer(1...999)),
        ], summary: "Play the album {album}[ from track {track}][ in slot {slot}][, shuffling {random}]", response: "Playing the album {album}[ from track {track}]."),
        IntentDefinition(.playArtist, title: "Play Artist", parameters: [
            ParameterDefinition(name: "artist", title: "Artist", type: .entity(artistType), question: "Which artist?"),
            random(),
        ], summary: "Play something by {artist}[, shuffling {random}]", response: "Playing something by {artist}."),
        IntentDefinition(.playSong, title: "Play Song", parameters: [
            ParameterDefinition(name: "song", title: "Song", type: .entity(songType), question: "Which song?"),
        ], summary: "Play the song {song}", response: "Playing the song {song}."),
        IntentDefinition(.playGenre, title: "Play Genre", parameters: [
            ParameterDefinition(name: "genre", title: "Genre", type: .entity(genreType), question: "Which genre?"),
        ], summary: "Play some {genre}", response: "Playing some {genre}."),
        IntentDefinition(.playDecade, title: "Play Decade", parameters: [
            ParameterDefinition(name: "decade", title: "Decade", type: .entity(decadeType), question: "Which decade?"),
        ], summary: "Play music from the {decade}", response: "Playing music from the {decade}."),
        IntentDefinition(.playRandomDisc, title: "Play a Random Disc", summary: "Play a disc of the magazine chosen at random", response: "Playing a disc chosen at random."),
        IntentDefinition(.loadAlbum, title: "Load Album", parameters: [
            album(question: "Which album should go in?"),
            disc("slot", title: "Slot", required: false, question: "Which slot should it go in?"),
        ], summary: "Load {album}[ into slot {slot}]", response: "Loading {album}[ into slot {slot}]."),
        IntentDefinition(.ejectDisc, title: "Eject Disc", parameters: [disc(question: "Which disc should come out?")],
                         summary: "Eject disc {disc}", response: "Ejecting disc {disc}."),
        IntentDefinition(.ejectAlbum, title: "Eject Album", parameters: [album(question: "Which album should come out?")],
                         summary: "Eject {album}", response: "Ejecting {album}."),
        IntentDefinition(.playSomething, title: "Play Something", summary: "Play whatever is loaded", response: "Playing where you left off."),
        IntentDefinition(.pause, title: "Pause", summary: "Pause", response: "Paused."),
        IntentDefinition(.resume, title: "Resume", summary: "Resume playing", response: "Resuming."),
        IntentDefinition(.stop, title: "Stop", summary: "Stop playing", response: "Stopped."),
        IntentDefinition(.stopAfterTrack, title: "Stop After This Track", parameters: [
            ParameterDefinition(name: "mode", title: "Mode", type: .enumeration(ChangerEnums.onOff), isRequired: false, question: "Stop after this track, on or off?"),
        ], summary: "Stop when this track ends[: {mode}]", response: "Stop after this track[: {mode}]."),
        IntentDefinition(.togglePlayPause, title: "Play or Pause", summary: "Play or pause", response: "Done."),
        IntentDefinition(.nextTrack, title: "Next Track", parameters: [count()], summary: "Skip to the next track[ ({count} tracks ahead)]", response: "Next track[, {count} tracks ahead]."),
        IntentDefinition(.previousTrack, title: "Previous Track", parameters: [count()], summary: "Go back to the previous track[ ({count} tracks back)]", response: "Previous track[, {count} tracks back]."),
        IntentDefinition(.restartTrack, title: "Restart Track", summary: "Play this track again from the start", response: "From the start."),
        IntentDefinition(.nextDisc, title: "Next Disc", summary: "Change to the next disc", response: "Next disc."),
        IntentDefinition(.previousDisc, title: "Previous Disc", summary: "Go back to the previous disc", response: "Previous disc."),
        IntentDefinition(.nextMagazine, title: "Next Magazine", summary: "Change to the next magazine", response: "Next magazine."),
        IntentDefinition(.previousMagazine, title: "Previous Magazine", summary: "Go back to the previous magazine", response: "Previous magazine."),
        IntentDefinition(.seek, title: "Seek", parameters: [
            ParameterDefinition(name: "direction", title: "Direction", type: .enumeration(ChangerEnums.seekDirection), question: "Forward or backward?"),
            ParameterDefinition(name: "seconds", title: "Seconds", type: .enumeration(ChangerEnums.seekAmount), isRequired: false, question: "How many seconds?", answerType: .integer(1...86_400)),
            // Not in any phrase: where MPRIS Seek and SetPosition go, in microseconds from
            // the start of the track (instead of `seconds`).
            ParameterDefinition(name: "position", title: "Position", type: .integer(0...86_400_000_000), isRequired: false, question: "Where in the track?"),
            // "Jump to 2 minutes": a time from the start of the track (instead of `seconds`).
            ParameterDefinition(name: "at", title: "At", type: .enumeration(ChangerEnums.seekAmount), isRequired: false, question: "Where in the track?", answerType: .integer(0...86_400)),
        ], summary: "Skip {direction}[ {seconds}][ to {at}]", response: "Skipping {direction}[ {seconds}][ to {at}]."),
        IntentDefinition(.setVolume, title: "Set Volume", parameters: [
            ParameterDefinition(name: "volume", title: "Volume", type: .enumeration(ChangerEnums.volumeLevel), question: "What volume, from 0 to 100 percent?", answerType: .integer(0...100)),
        ], summary: "Set the volume to {volume}", response: "Volume {volume}."),
        IntentDefinition(.changeVolume, title: "Change Volume", parameters: [
            ParameterDefinition(name: "step", title: "Step", type: .enumeration(ChangerEnums.volumeStep), question: "Up or down?"),
            ParameterDefinition(name: "amount", title: "Amount", type: .enumeration(ChangerEnums.volumeAmount), isRequired: false, question: "By how much?"),
        ], summary: "Turn the volume {step}[ by {amount}]", response: "Volume {step}[ by {amount}]."),
        IntentDefinition(.getVolume, title: "Volume Level", summary: "Say how loud it is", response: "Here's the volume."),
        IntentDefinition(.mute, title: "Mute", summary: "Mute the sound", response: "Muted."),
        IntentDefinition(.unmute, title: "Unmute", summary: "Turn the sound back on", response: "Sound on."),
        IntentDefinition(.repeat, title: "Repeat", parameters: [
            ParameterDefinition(name: "mode", title: "Mode", type: .enumeration(ChangerEnums.repeatMode), question: "Repeat this track, this disc, the whole magazine, or off?"),
        ], summary: "Repeat {mode}", response: "Repeat: {mode}."),
        IntentDefinition(.random, title: "Random", parameters: [
            ParameterDefinition(name: "mode", title: "Mode", type: .enumeration(ChangerEnums.randomMode), question: "Shuffle this disc, the whole magazine, or off?"),
        ], summary: "Shuffle {mode}", response: "Random play: {mode}."),
        IntentDefinition(.scan, title: "Scan", parameters: [
            ParameterDefinition(name: "mode", title: "Mode", type: .enumeration(ChangerEnums.scanMode), isRequired: false, question: "Scan on or off?"),
        ], summary: "Scan: play the start of each track[ (scan {mode})]", response: "Scan[ {mode}]."),
        IntentDefinition(.nowPlaying, title: "Now Playing", parameters: [
            ParameterDefinition(name: "detail", title: "Detail", type: .enumeration(ChangerEnums.nowPlayingDetail), isRequired: false, question: "What would you like to know?"),
        ], summary: "Say what is playing[ (the {detail})]", response: "Here's what's playing."),
        IntentDefinition(.describeDiscs, title: "What's Loaded", parameters: [disc(required: false), magazine(required: false)],
                         summary: "Say what is loaded[ in slot {disc}][ of {magazine}]", response: "Here's what is loaded."),
        IntentDefinition(.listMagazines, title: "List Magazines", summary: "Say which magazines there are", response: "Here are the magazines."),
        IntentDefinition(.describeLibrary, title: "What's in the Library", parameters: [
            ParameterDefinition(name: "detail", title: "Detail", type: .enumeration(ChangerEnums.libraryDetail), isRequired: false, question: "Albums, artists or genres?"),
        ], summary: "Say what the library holds[: {detail}]", response: "Here's what the library holds."),
    ]

    /// How many tracks to skip (two or more; one is a plain next or previous).
    static func count() -> ParameterDefinition {
        ParameterDefinition(name: "count", title: "Count", type: .enumeration(ChangerEnums.trackCount), isRequired: false, question: "How many tracks?", answerType: .integer(1...99))
    }
}
