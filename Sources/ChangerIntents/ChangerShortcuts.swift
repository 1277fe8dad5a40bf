import IntentKit

/// CD Changer's shortcuts: the phrases people say to a voice assistant, grouped per intent.
///
/// Every phrase ends in "in {app}" (added by `spoken`); inside the app that part is optional,
/// and "hey CD Changer, …" or "ask CD Changer to …" in front also names the app.
public enum ChangerShortcuts {
    /// The app's name.
    public static let appName = "CD Changer"
    /// The app's other names.
    public static let alternativeAppNames = ["Digital CD Changer"]

    /// Appends the app-name clause to each phrase body.
    static func spoken(_ bodies: String...) -> [String] {
        bodies.map { $0 + " in {app}" }
    }

    static let discWord = "(disc|cd|album|record|number)"
    static let ofMagazine = "[(of|in|from|on) [the] [magazine] {magazine} [magazine]]"
    static let playVerb = "(play|put on|put in|load|start|spin|select|choose|pick|insert|switch to|change to|go to|jump to|skip to|listen to|(i want to|i'd like to|let's|let me) (hear|listen to|play))"

    /// Every shortcut, in listing order.
    public static let shortcuts: [AppShortcut] = [
        AppShortcut(.playMagazine, phrases: spoken(
            "(play|put on|load|start|spin|select|choose|pick|switch to|change to|go to|listen to|open) [the] [magazine|mag] {magazine} [magazine|mag]",
            "(i want to|i'd like to|let's|let me) (hear|listen to|play) [the] [magazine] {magazine} [magazine]",
            "put [the] [magazine] {magazine} [magazine] on",
            "play [the] (music|songs|discs|albums|cds|tracks) (from|in|on|of) [the] [magazine] {magazine} [magazine]",
            "(play|load|put on) [the] (magazine|mag) (called|named) {magazine}",
            "(play|load|put on|pick|choose|select) [a] [specific|particular|certain] magazine"
        ), title: "Play Magazine", symbol: "square.stack"),

        AppShortcut(.playDisc, phrases: spoken(
            "\(playVerb) [the] \(discWord) [number] {disc} \(ofMagazine)",
            "\(playVerb) [the] {disc} \(discWord) \(ofMagazine)",
            "(disc|cd|album) [number] {disc} \(ofMagazine)",
            "put [the] \(discWord) [number] {disc} (on|in)",
            "(change|switch) [the] (disc|cd|album) to [number] {disc}",
            "(play|put on|load) [the] [magazine] {magazine} [magazine] \(discWord) [number] {disc}",
            "(play|put on|put in|start|load|spin|select|choose|pick|insert) [a] [specific|particular|certain] \(discWord) [by number]"
        ), title: "Play Disc", symbol: "opticaldisc"),

        AppShortcut(.playSomething, phrases: spoken(
            "play (something|anything|some music|music|some songs|songs|a song|whatever|some tunes|tunes|my cds|my discs|everything|all|all music|all my music|all songs|all the music)",
            "(start|begin) [the] (music|playback|playing|playing music|listening)",
            "put (on some music|some music on|on music|music on)",
            "(turn|switch) (on [the] (music|player|changer|cd player)|[the] (music|player|changer|cd player) on)",
            "(let's|i want to|i'd like to|let me) (hear|listen to|play) (some music|something|music|anything)",
            "some (music|tunes|songs)"
        ), title: "Play Something", symbol: "play"),

        AppShortcut(.pause, phrases: spoken(
            "pause [the] [music|song|track|playback|playing|player|cd|disc|album|it|everything|tune]",
            "(hold on|hold it|hang on|wait|one moment|1 moment|just a moment|hold up) [a] [second|sec|moment|minute|bit]",
            "(stop|halt|pause) for a (second|moment|minute|bit|sec|while)",
            "(give me|i need) a (second|moment|minute|break|sec)",
            "(take|have) a (break|pause)"
        ), title: "Pause", symbol: "pause"),

        AppShortcut(.resume, phrases: spoken(
            "(resume|continue|unpause|un pause) [the] [music|song|playback|playing|track|it|listening] [(where|from where) (i|we|you|it) (left off|stopped|paused)]",
            "(keep playing|keep going|keep listening|carry on|go on|continue) [playing|going|listening|with the music]",
            "(start|play|turn) [the] music (again|back on)",
            "(back to [the] music|pick up where (i|we) left off)",
            "keep [the] music (going|playing|on)"
        ), title: "Resume", symbol: "playpause"),

        AppShortcut(.stop, phrases: spoken(
            "(stop|halt) [the] [music|playback|playing|song|track|player|cd|disc|it|everything|listening|all music|the music now]",
            "(turn|switch|shut) off [the] (music|player|cd|changer|cd changer|songs|song|cd player)",
            "(turn|switch|shut) [the] (music|player|cd|changer|it|cd player) off",
            "(music|player|playback) off",
            "(end|quit|cease|kill|halt) [the] (music|playback|playing|song|player)",
            "(that's enough|enough|no more) [music]"
        ), title: "Stop", symbol: "stop"),

        AppShortcut(.togglePlayPause, phrases: spoken(
            "(play pause|play slash pause|play or pause|pause or play|toggle play pause|toggle playback|toggle play|toggle pause|play and pause)"
        ), title: "Play or Pause", symbol: "playpause.fill"),

        AppShortcut(.nextTrack, phrases: spoken(
            "(next|skip|skip ahead|skip forward|move on|moving on) [song|track|tune|1|title|number]",
            "(skip|go|jump|move|change|switch|on) to [the] next [song|track|tune|1|title]",
            "play [the] (next|following) [song|track|tune|1|title]",
            "skip (this|that|the current|current|it) [song|track|1|tune]",
            "(change|switch) [the] (song|track|tune)",
            "[play] (another|a different|the following) (song|track|tune|1)",
            "(i don't like|i hate|i do not like) (this|that) [song|track|tune|1]"
        ), title: "Next Track", symbol: "forward.end"),

        AppShortcut(.previousTrack, phrases: spoken(
            "(previous|prior|preceding|last) [song|track|tune|1|title]",
            "(go|skip|jump|move) back [to|1] [the] [previous|last|prior] [song|track|tune|1]",
            "(go|skip|jump|move|change|switch) to [the] (previous|last|prior) [song|track|tune|1]",
            "(play|replay) [the] (previous|last|prior) [song|track|tune|1] [again]",
            "(replay|restart) [the] [song|track|tune]",
            "(start|play) [this|the|that|it] [song|track|tune|1] (over|again|from the (start|beginning))",
            "back [1] [song|track|tune]"
        ), title: "Previous Track", symbol: "backward.end"),

        AppShortcut(.nextDisc, phrases: spoken(
            "(next|following) (disc|cd|album|record)",
            "(skip|go|jump|move|switch|change|on) to [the] next (disc|cd|album|record)",
            "play [the] next (disc|cd|album|record)",
            "(change|switch|swap|skip) [the] (disc|discs|cd|cds|album|albums|record)",
            "[play] (another|a different|different) (disc|cd|album|record)",
            "(disc|cd|album) (up|forward|next)"
        ), title: "Next Disc", symbol: "forward.frame"),

        AppShortcut(.previousDisc, phrases: spoken(
            "(previous|last|prior|preceding) (disc|cd|album|record)",
            "(go|skip|jump|move|switch|change) back [to|1] [the] [previous|last|prior] (disc|cd|album|record)",
            "(go|skip|jump|move|switch|change) to [the] (previous|last|prior) (disc|cd|album|record)",
            "play [the] (previous|last|prior) (disc|cd|album|record) [again]",
            "((disc|cd|album) (down|back)|back [1] (disc|cd|album|record))"
        ), title: "Previous Disc", symbol: "backward.frame"),

        AppShortcut(.nextMagazine, phrases: spoken(
            "(next|following) (magazine|mag)",
            "(change|switch|swap|skip) [the] (magazine|magazines|mag)",
            "(skip|go|move|switch|change|on) to [the] next (magazine|mag)",
            "play [the] next (magazine|mag)",
            "[play] (another|a different|different) (magazine|mag)"
        ), title: "Next Magazine", symbol: "square.stack.3d.down.forward"),

        AppShortcut(.previousMagazine, phrases: spoken(
            "(previous|last|prior) (magazine|mag)",
            "(go|skip|switch|change|move) back [to|1] [the] [previous|last|prior] (magazine|mag)",
            "(go|skip|switch|change|move) to [the] (previous|last|prior) (magazine|mag)",
            "play [the] (previous|last|prior) (magazine|mag) [again]"
        ), title: "Previous Magazine", symbol: "square.stack.3d.up"),

        AppShortcut(.seek, phrases: spoken(
            "(fast forward|ff|forward|fast forwards) [10 seconds|a bit|a little|a little bit|a few seconds]{direction=forward}",
            "(rewind|wind back|back up|rewind back) [10 seconds|a bit|a little|a little bit|a few seconds]{direction=backward}",
            "(go|skip|jump|move) {direction} (10 seconds|a bit|a little|a little bit|a few seconds)",
            "seek {direction} [10 seconds|a bit|a little]",
            "{direction} 10 seconds"
        ), title: "Seek", symbol: "goforward.10"),

        AppShortcut(.setVolume, phrases: spoken(
            "(set|turn|change|make|put|adjust|bring|move) [the] (volume|sound|music) [level] (to|at) {volume}",
            "(set|change|adjust) [the] volume [level] {volume}",
            "volume [level] [to|at] {volume}",
            "(set|turn|put|bring|make|crank) (it|the volume|the sound|the music) [up|down] (to|at) {volume}",
            "{volume} volume",
            "(turn|crank|make|set|put) (it|the volume|the sound|the music) {volume}",
            "(set|change|adjust) [the] volume [level]"
        ), title: "Set Volume", symbol: "speaker.wave.2"),

        AppShortcut(.changeVolume, phrases: spoken(
            "[turn|crank|bring|push|move] [the] (volume|sound|music|it|audio) {step} [a] [little] [bit|notch|tad] [some] [more]",
            "(turn|crank|bring|push) {step} [the] (volume|sound|music|audio|it) [a] [little] [bit|notch|tad] [more]",
            "[make|get] [it|the music|the sound|the volume] [a] [little] [bit] {step}",
            "(increase|raise|boost|pump up|crank up) [the] (volume|sound|music|it){step=up}",
            "(decrease|lower|reduce|drop) [the] (volume|sound|music|it){step=down}",
            "{step} (volume|sound|music)",
            "[it's|it is|that's|that is|this is|way] too (loud|noisy){step=down}",
            "[it's|it is|that's|that is|this is|way] too (quiet|soft|low){step=up}",
            "(i can't hear|i cannot hear|can't hear) [it|the music|anything]{step=up}"
        ), title: "Change Volume", symbol: "speaker.plus"),

        AppShortcut(.mute, phrases: spoken(
            "mute [the] [sound|music|audio|volume|it|speakers|speaker|player|everything]",
            "(turn|switch) (off [the] (sound|audio|volume)|[the] (sound|audio|volume) off)",
            "(sound|audio|volume) off",
            "(silence|be quiet|shut up|shush|hush|quiet|shh|shhh|ssh) [it|the music|please]",
            "(kill|cut) the (sound|audio)"
        ), title: "Mute", symbol: "speaker.slash"),

        AppShortcut(.unmute, phrases: spoken(
            "(unmute|un mute) [the] [sound|music|audio|volume|it|speakers|speaker|player|everything]",
            "(turn|switch) (on [the] (sound|audio|volume)|[the] (sound|audio|volume) [back] on)",
            "((sound|audio|volume) [back] on|mute off)",
            "(bring back|restore) [the] (sound|audio)"
        ), title: "Unmute", symbol: "speaker.wave.3"),

        AppShortcut(.repeat, phrases: spoken(
            "(repeat|loop|keep repeating|keep looping) [mode] {mode}",
            "(set|turn|switch|change) [the] (repeat|loop) [mode] [to] {mode}",
            "(turn|switch) {mode} (repeat|loop|repeating|looping) [mode]",
            "(stop|quit|no|cancel|disable|don't|end) (repeating|looping|repeat|loop){mode=off}",
            "(repeat|loop|repeat mode|turn on repeat|turn repeat on|enable repeat|repeat on|switch on repeat|turn on loop|turn loop on|loop on){mode=magazine}",
            "(put|play|keep|leave) {mode} on (repeat|loop)",
            "(play|listen to) {mode} (again and again|over and over|on repeat)"
        ), title: "Repeat", symbol: "repeat"),

        AppShortcut(.random, phrases: spoken(
            "(shuffle|randomize|randomise|mix up|mix|random) [mode] {mode}",
            "(set|turn|switch|change) [the] (shuffle|random|random play|random mode|shuffle mode) [to] {mode}",
            "(turn|switch) {mode} (shuffle|random|random play|shuffle mode|random mode|shuffling)",
            "(stop|quit|no|cancel|disable|don't|end) (shuffling|shuffle|random|randomizing|random play|mixing){mode=off}",
            "(unshuffle|play in order|play [them|the songs|the tracks] in order){mode=off}",
            "(shuffle|random|randomize|shuffle play|random play|play randomly|play in random order|play at random|shuffle mode|random mode|mix it up|mix things up|turn on shuffle|turn shuffle on|enable shuffle|shuffle on|random on|switch on shuffle|turn on random|turn random on|shuffle mode on|random mode on|play shuffled|play random|play on shuffle|random order|in random order){mode=magazine}",
            "play {mode} (shuffled|randomly|in random order|on shuffle|at random|in shuffle mode)"
        ), title: "Random", symbol: "shuffle"),

        AppShortcut(.scan, phrases: spoken(
            "(scan|intro scan|intro play|intro|preview|sample|scan through) [the] [disc|cd|album|tracks|songs|magazine|discs|all tracks|everything|mode]",
            "play [the] (intros|intro|beginning of each (track|song)|start of each (track|song)|first few seconds of each (track|song))",
            "(play|give me) a (preview|taste|sample) of (each|every) (track|song)"
        ), title: "Scan", symbol: "text.magnifyingglass"),

        AppShortcut(.nowPlaying, phrases: spoken(
            "(what's|what is|whats) (playing|this|on|this song|this track|that song|the song|the track|the current song|the current track|this album|this disc|currently playing|playing now)",
            "(what|which) (song|track|tune|album|disc|cd|magazine|music) is (this|playing|on|that)",
            "(who|who's|who is) (sings|singing|sang|performs|wrote|made|this|playing|the artist|the singer|the band) [this|that|it] [song|track|tune]",
            "what (am i|are we|are you) (listening to|playing|hearing)",
            "(now playing|current song|current track|song info|track info|song name|song title|track name|track title)",
            "(tell me|show me|say) (what's|what is) (playing|on)",
            "(what's|what is|tell me) the ((name|title) of (this|the|that) (song|track|tune|album)|(song|track|album) (name|title))",
            "(name|identify) (this|the|that) (song|track|tune)",
            "(what's|what is) (this|the|that) (song|track|tune|album) called",
            "(who|what) am i listening to"
        ), title: "Now Playing", symbol: "music.note"),
    ]

    /// The provider, with magazines supplied by `magazines` at every snapshot.
    public static func provider(magazines: @escaping @Sendable () -> [Entity]) -> ShortcutsProvider {
        ShortcutsProvider(
            appName: appName,
            alternativeAppNames: alternativeAppNames,
            intents: ChangerCatalog.intents,
            entityTypes: [EntityType(identifier: ChangerCatalog.magazineType, title: "Magazine", entities: magazines)],
            shortcuts: shortcuts
        )
    }

    /// Registers the catalog; `magazines` returns the current magazines (id = UUID string,
    /// display name = the magazine's name). Call `updateShortcutParameters()` after every change.
    public static func makeRegistry(magazines: @escaping @Sendable () -> [Entity]) throws(ShortcutRegistrationError) -> ShortcutRegistry {
        try ShortcutRegistry(provider(magazines: magazines))
    }

    /// A magazine entity.
    public static func magazine(id: String, name: String, subtitle: String? = nil) -> Entity {
        Entity(id: id, displayName: name, subtitle: subtitle)
    }
}
