import IntentKit

/// CD Changer's shortcuts: the phrases people say to a voice assistant or type into the prompt,
/// grouped per intent and built from shared fragments (``fragments``) rather than whole sentences.
///
/// Every phrase body is wrapped by `spoken`: it may be addressed to a device or a room ("TV, next
/// song", "pause the music in the kitchen", "on the stereo turn it up") and ends in "in {app}",
/// which inside the app may be left out; "hey CD Changer, …" or "ask CD Changer to …" in front also
/// names the app.
public enum ChangerShortcuts {
    /// The app's name.
    public static let appName = "CD Changer"
    /// The app's other names.
    public static let alternativeAppNames = ["Digital CD Changer"]

    /// Wraps each phrase body: an optional device or room first, an optional one last, then the app.
    static func spoken(_ bodies: String...) -> [String] {
        bodies.map { "[<device>] " + $0 + " [<where>] in {app}" }
    }

    /// The named fragments the phrases share (see docs/intents.md, "The grammar").
    public static let fragments: [String: String] = [
        // Determiners and possessives a listener ignores.
        "det": "(the|my|our|your|this|that|these|those|his|her|their)",
        // What is playing: a track, a disc, the player itself.
        "track": "(track|song|tune|item|title|piece|cut|selection)",
        "tracks": "(songs|tracks|tunes|items|titles|pieces|cuts)",
        "track_ref": "(<track>|1|number)",
        "disc": "(disc|disk|cd|album|record)",
        "discs": "(discs|disks|cds|albums|records)",
        "slot": "(slot|bay|position|tray|disc|disk|cd)",
        "magazine": "(magazine|mag|cartridge|playlist)",
        "magazines": "(magazines|mags|cartridges|playlists)",
        "player": "(music|media|media player|player|stereo|car stereo|cd player|music player|sound system|speaker|speakers|radio|tv|television|hifi|hi fi|jukebox|changer|system|device|boombox)",
        "playing": "(<track>|<disc>|<player>|<tracks>|playback|playing|it|everything|all|listening|tunes|all music|show|tv show|shows)",
        // Rooms and devices a sentence may be addressed to.
        "place": "(living room|kitchen|bedroom|office|bathroom|garage|dining room|family room|house|home|car|garden|basement|study|lounge|den|hall|hallway|upstairs|downstairs|patio|nursery|guest room|master bedroom|kids room|playroom|attic|studio)",
        "device": "((on|in|at) [<det>] (<place> [<player>]|<player>)|[<det>] [<place>] <player>)",
        "where": "((in|on|at|through|from|over|via) [<det>] (<place> [<player>]|<player>)|<place> <player>|here|in here|everywhere|(on|from|via|through|using|with|in) <service>)",
        // Music services named out of habit ("play Night Drive on Spotify"): the music is ours.
        "service": "(spotify|youtube|youtube music|pandora|deezer|apple music|itunes|soundcloud|tidal|amazon music|google music|google play music)",
        // Verb families.
        "play": "(play|put on|start|start playing|spin|listen to|queue up|queue|throw on|play me|play us|(i want|i'd like|i wanna|we want|we'd like) to (hear|listen to)|(let's|let me|lets) (hear|listen to|play)|(can|could|may) (i|we) (hear|listen to|get|have)|give me|gimme|i'd like|i want|how about|what about)",
        "select": "(select|choose|pick|switch to|change to|go to|jump to|skip to|move to|turn to|flip to|take me to|bring up|get|put on)",
        // More ways to ask for music, used by the typed-only everyday phrasings only: in <play>
        // they would change the examples the collision report gives ("load disc 3" for "play disc 3").
        "play_more": "(chuck on|stick on|bung on|whack on|i wanna (hear|listen to)|i fancy [a bit of]|(i'd love|i would love) to (hear|listen to) [a bit of])",
        "pick": "(<play>|<select>|load|open|insert|put in)",
        "load": "(load|put|put in|insert|slot in|stick in|pop in|add)",
        "go": "(go|skip|jump|move|change|switch|advance|get|head|take me|bring me|flip)",
        "forward": "(fast forward|fast forwards|ff|forward|skip ahead|skip forward|jump ahead|jump forward|go forward|move forward|go ahead|skip|jump|advance|scrub forward|move ahead|zip ahead)",
        "backward": "(rewind|wind back|back up|go back|skip back|jump back|move back|go backwards|go backward|skip backward|skip backwards|jump backward|jump backwards|back|scrub back|rewind back|move backwards)",
        "eject": "(eject|remove|take out|unload|pop out|pull out|take away|get rid of)",
        "stop": "(stop|halt)",
        "pause": "(pause|freeze|hold)",
        "resume": "(resume|continue|unpause|un pause|unfreeze)",
        // Volume.
        "volume": "(volume|sound|audio|volume level|sound level|level)",
        "whose": "[<det>] [<place>] [<player>]",
        "volume_object": "(<whose> <volume>|it|this|that|[<det>] <player>)",
        "turn": "(turn|crank|bring|push|move|put|set|make|get|pump|jack|bump|dial|knock|adjust)",
        "raise": "(increase|raise|boost|pump up|crank up|bump up|amp up|jack up|push up|bring up|lift)",
        "lower": "(decrease|lower|reduce|drop|bring down|dial down|tone down|bump down|knock down|quiet down|dim)",
        "little": "[a|much|far] [little|lot|wee] [bit|notch|tad|touch|hair|smidge] [more]",
        // Music from the library.
        "album_word": "(album|record|cd|lp|disc|ep)",
        "song_word": "(song|track|tune|single)",
        "artist_word": "(artist|band|singer|group|musician|composer|performer)",
        "some_music": "(something|anything|some|some music|music|a song|songs|some songs|a track|tracks|some tracks|stuff|some stuff|an album|albums|a record|tunes|some tunes|whatever|the songs|the music|a few songs|a couple of songs)",
        "of_magazine": "[(of|in|from|on) [<det>] [<magazine>] {magazine} [<magazine>]]",
        "of_disc": "(of|on|from|in|off) [<det>] (<disc> [number] {disc}|{disc} <disc>)",
    ]

    /// The spoken vocabulary: fragment bodies the voice grammar uses instead of ``fragments``
    /// (docs/voice.md, "The spoken vocabulary"). Each says a part of the typed body: the words
    /// left out are rare in speech or sound like a word of another phrase ("piece" and "cut" like
    /// "disc", "halt" like "hold", "their" like "the"), and every word kept is one more thing the
    /// recognizer can mishear. Whatever the voice grammar hears, the resolver understands.
    public static let spokenFragments: [String: String] = [
        "det": "(the|my|this|that)",
        "track": "(track|song|tune)",
        "tracks": "(songs|tracks|tunes)",
        "track_ref": "(<track>|number)",
        "disc": "(disc|cd|album|record)",
        "discs": "(discs|cds|albums|records)",
        "slot": "(slot|disc|cd)",
        "magazine": "(magazine|cartridge)",
        "magazines": "(magazines|cartridges)",
        "player": "(music|player|stereo|radio|music player|cd player|changer)",
        "playing": "(<track>|<disc>|<player>|playback|it|everything)",
        "play": "(play|put on|start|start playing|listen to|play me|(i want|i'd like) to (hear|listen to)|(let's|let me) (hear|listen to)|can i (hear|listen to)|give me|how about)",
        "select": "(select|choose|pick|switch to|change to|go to|jump to|skip to)",
        "load": "(load|put|put in|insert)",
        "go": "(go|skip|jump|move|change|switch)",
        "forward": "(fast forward|forward|skip ahead|skip forward|jump ahead|go forward)",
        "backward": "(rewind|go back|skip back|jump back|back up)",
        "eject": "(eject|remove|take out|unload)",
        "stop": "(stop)",
        "pause": "(pause)",
        "resume": "(resume|continue|unpause)",
        "volume": "(volume|sound)",
        "volume_object": "(<whose> <volume>|it|[<det>] <player>)",
        "turn": "(turn|bring|put|set|make|crank|pump)",
        "raise": "(increase|raise|boost|crank up|pump up)",
        "lower": "(decrease|lower|reduce|bring down|tone down)",
        "little": "[a little|a bit|a little bit|a little more|a bit more|a little bit more]",
        "album_word": "(album|record|cd)",
        "song_word": "(song|track|tune)",
        "artist_word": "(artist|band|singer|group)",
        "some_music": "(something|anything|some music|music|a song|some songs|an album|whatever)",
    ]

    /// Typed phrases the voice grammar leaves out (docs/voice.md, "Sound-alike phrases"): "turn
    /// the volume off" and "volume on" were heard for "turn the volume up" and "volume up", and
    /// acted on. Mute and unmute are said "mute", "unmute", "turn on mute", "bring back the sound".
    /// "Turn on the music" sounds like "turn off the music" (stop); "play some music" stays.
    public static let soundAlikePhrases: Set<String> = Set(spoken(
        "(turn|switch) (off [<det>] (sound|audio|volume)|[<det>] (sound|audio|volume) off)",
        "(sound|audio|volume) off",
        "(turn|switch) (on [<det>] (sound|audio|volume)|[<det>] (sound|audio|volume) [back] on)",
        "((sound|audio|volume) [back] on|mute off)",
        "(turn|switch) (on [<det>] <player>|[<det>] <player> on)",
        "(music|tunes) on"
    ))

    /// Words the voice grammar leaves out of some commands' phrases, each because the phrase
    /// sound-alike check (`cdchanger shortcuts --check`, docs/voice.md) found it: "swap record"
    /// sounds like "stop record", "put in" like "put on", "select the last magazine" (the previous
    /// one) like "select the first magazine", "shut up everything" (mute) like "shut off
    /// everything", "quiet" like "quieter", "play prior again" like "play player again", "turn up
    /// the music" like "turn off the music". The commands keep their other words ("change disc",
    /// "load", "previous", "be quiet", "turn up the volume"). A test puts each back and expects
    /// the check to report it.
    public static let soundAlikeAlternatives: [String: Set<String>] = [
        "NextDisc": ["swap"],
        "LoadAlbum": ["put in"],
        "PreviousMagazine": ["last"],
        "PreviousTrack": ["prior"],
        "Mute": ["shut up", "quiet"],
        "ChangeVolume": ["music", "stereo", "music player"],
    ]

    /// Words the voice grammar leaves out of some commands' phrases because the recognizer was
    /// heard to put them in the place of another command's, although their phones are not near
    /// enough for the sound-alike check: "next song" came out as "mix songs" (random play) for 7
    /// of 15 espeak-ng voices and speeds, 3 of them acted on (docs/voice.md, "Sound-alike
    /// phrases"). Random play keeps "shuffle", "mix up" and "mix it up". A test says "next song"
    /// in those voices and expects "mix songs" with the word put back, and not without it.
    public static let misheardAlternatives: [String: Set<String>] = [
        "Random": ["mix"],
    ]

    /// Abbreviations typed, never said, left out of the voice grammar: "ff" (fast forward), where
    /// the spoken "forward" fragment already has none. As one short word it drew other speech:
    /// "back up a little" was acted on as "ff a little" under noise by flite's and the HTS "slt"
    /// voices, "next" heard as "ff" (docs/voice.md). "Play it louder" is typed too: said, "play"
    /// before the player took "start that track once more" ("play that player up").
    public static let typedOnlyAlternatives: [String: Set<String>] = [
        "Seek": ["ff"],
        "ChangeVolume": ["play"],
    ]

    /// "What's in my library", "what albums do I have": typed, not heard, like the rarer ways to
    /// name a genre, "play the album by Amber Lane" and "cancel stop after this song" (in
    /// `typedOnlyPhrases`). Said, this stop's new phrases grew the voice grammar from 14,212 to
    /// 15,607 arcs and the decoder's search by 2.7 MB; without these, 14,873 arcs and 1.0 MB
    /// (docs/voice.md, "Speed and memory").
    static let libraryQuestions = spoken(
        "(what's|what is|whats) in [<det>] [music] (library|collection)",
        "how (big|large) is [<det>] [music] (library|collection)",
        "how (much music|many songs|many tracks|many albums) (do i have|do we have|have i got|are there|is there) [in [<det>] (library|collection)]",
        "(what|which) (albums|records|cds){detail=albums} (do i have|do we have|have i got|are there|are in [<det>] (library|collection))",
        "(what|which) (artists|bands|singers){detail=artists} (do i have|do we have|have i got|are there|are in [<det>] (library|collection))",
        "(what|which) (genres|kinds of music|styles of music){detail=genres} (do i have|do we have|have i got|are there|are in [<det>] (library|collection))",
        "(list|name|tell me) (all [<det>] (albums|records|cds) [in [<det>] (library|collection)]|[<det>] (albums|records|cds) in [<det>] (library|collection)){detail=albums}",
        "(list|name|tell me) [<det>|all [<det>]] (artists|bands){detail=artists} [in [<det>] (library|collection)]",
        "(list|name|tell me) [<det>|all [<det>]] genres{detail=genres} [in [<det>] (library|collection)]"
    )

    /// "Play some 80s music": typed, not heard (decades are numbers, the grammar's worst
    /// sound-alikes, and the voice grammar is kept small).
    static let decadePhrases = spoken(
        "<play> [some] {decade} [music|songs|hits|stuff|tunes|albums|records]",
        "<play> <some_music> (from|of) {decade}",
        "<play> [some] (music|songs|hits|albums|records) from {decade}"
    )

    /// Phrases typed, left out of the voice grammar: a number and its noun alone ("the fourth
    /// song", "first disc") are good answers to type, but as sentences of the grammar they drew
    /// speech outside it ("the third track", acted on, for a clip of the second held-out set);
    /// spoken, "play the fourth song" and "disc one" still work (docs/voice.md). "What's disc 8"
    /// took "what's this disc" (heard as "what's the cd eight"), and "read the cds" speech outside
    /// the grammar; spoken, "what's on disc 8" and "what's in the magazine" still work. A genre
    /// by itself or after "play" alone ("play the synth", "ambient please") drew speech outside
    /// the grammar ("i need a sec" acted on as "play me the synth"); spoken, "play some ambient
    /// music", "play something ambient" and "I'm in the mood for ambient" still work. A time in
    /// the track ("jump to 2 minutes") is typed: its numbers are the grammar's worst sound-alikes.
    /// "Stop after this song" said any way ("finish the music once the current tune is done")
    /// took speech outside the grammar ("turn off the once current song"), and "read my
    /// magazines" was acted on for a clip outside it; spoken, "stop after this song", "make this
    /// the last track" and "what magazines do I have" still work.
    public static let typedOnlyPhrases: Set<String> = Set(libraryQuestions).union(decadePhrases).union(everydayPhrases.values.joined()).union(spoken(
        "[<det>] {disc} <disc> <of_magazine>",
        "<det> {track} <track>",
        "(what's|what is|whats|which album is|what album is) [<det>] (<disc>|<slot>) [number] {disc} <of_magazine>",
        "(list|read [out]|name|tell me) [<det>] (<discs>|albums|cds) [(in|of|on) [<det>] (<magazine>|changer|cd changer|rack)]",
        "<play> [some|<det>] {genre} [songs|tracks|tunes|stuff|albums|records|genre]",
        "<play> [a|an|some] {genre} (song|track|tune|album|record|cd|disc)",
        "[some] {genre} [please]",
        "<play> (the|that) (album|record|cd|albums|records|cds) (by|from|of) [<det>] [<artist_word>] {artist}",
        "<play> <some_music> (from|in|of) [the] {genre} (genre|category|section)",
        "<play> [the] genre {genre}",
        "(switch|change) (to|over to) [some] {genre} [music]",
        "(cancel|forget) [<det>] stop after [<det>] (current|this|that) <track>{mode=off}",
        "(stop|end|finish|turn off|switch off|shut off) [<det>] [<playing>|playback|playing|it] (after|at the end of|when|once) [<det>] (current|this|that) <track> [ends|is over|is done|finishes]",
        "(list|name|read [out]|tell me|show me|say) [<det>|all [<det>]] <magazines>",
        "((<go>|seek|scrub|fast forward|forward) to{direction=forward}|(rewind|wind back|back up) to{direction=backward}) [the] {at} [mark|point|position] [(in|into|of) [<det>] (<track>|it)]",
        "(start|play|resume|begin) [<det>] [<track>|it] (at|from) [the] {at} [mark|point|position]{direction=forward}"
    ))

    /// Everyday phrasings typed, not heard (2026-12-07): sentences from outside our own lists
    /// (docs/intents.md, "Sentences from outside") that got "Sorry" — "play track two of Night
    /// Drive", "play a random album", "play something else", "who's this by", "finish this song
    /// and stop", "bring the sound back". They join the voice grammar only once their cost by
    /// voice has been measured (docs/voice.md): four were, and are heard as phrases of their
    /// shortcuts ("play a random album", "play something else", "who's this by", "finish this
    /// song and stop").
    static let everydayPhrases: [ChangerIntent: [String]] = [
        .playMagazine: spoken("((change|switch|set) [<det>] <magazine> to [<det>] {magazine} [<magazine>]|put [<det>] [<magazine>] {magazine} [<magazine>] in|(swap|swap over|change over|flip|move) to [<det>] [<magazine>] {magazine} [<magazine>]|<play> (whatever's|whatever is|what's|what is) (in|on) [<det>] [<magazine>] {magazine} [<magazine>]|load up [<det>] [<magazine>] {magazine} [<magazine>])"),
        .playAlbum: spoken(
            "[<play>|<play_more>] ([<det>] ({track} <track>|<track> [number] {track}|number {track}) (of|on|from|off)|<some_music> (from|off|on)|[<det>] (whole|entire|full)|[<det>] [<album_word>]) [<det>] [<album_word>] {album} [<album_word>]"
        ),
        .playArtist: spoken(
            "((shuffle|shuffle play) <some_music> (by|from) [<det>] [<artist_word>] {artist}{random=disc}|<play> [<det>] {artist} [new|latest|newest|last|other] (album|record|cd)|<play> [<det>] (new|latest|newest|most recent) (album|record|cd) (by|from) [<det>] {artist}|(something|anything|songs|music|tunes) (by|from) [<det>] [<artist_word>] {artist}|<play_more> [some] [<det>] {artist})"
        ),
        .playRandomDisc: spoken(
            "((<play>|<select>|load) ([a|any|some] random (<disc>|slot)|(a|an|any|some) <disc> (at random|randomly))|(pick|choose) (a|an) <disc> for (me|us)|surprise me with (a|an|some) <disc>|(<play>|put on|load) (whichever|whatever) <disc> [you like|you want])"
        ),
        .nextDisc: spoken(
            "((<play>|put on|try) (something|anything|some music|music|songs|some songs) (else|different)|(<play>|put on|try) (some|any) other (music|album|disc|cd|record)|(something|anything) (else|different))"
        ),
        .previousDisc: spoken(
            "(back to [<det>] (last|previous|prior) <disc>|[<go>] [back] to [<det>] <disc> before [this|that|it|this 1|the current 1]|put [<det>] (last|previous) <disc> back on|play [<det>] <disc> before (this|that|it)|[<det>] <disc> before [this|that|it])"
        ),
        .previousTrack: spoken("play [<det>] (<track>|1) before [this|that|it] [again]"),
        .playTrackNumber: spoken("((play|start) [<det>] <disc> again{track=1}|<track> [number] {track} [<det>] <disc> [number] {disc})"),
        .playDisc: spoken("put [<det>] {disc} (<disc>|slot) (on|in)"),
        .playGenre: spoken("((something|anything) {genre}|<play_more> [some] {genre} [music])"),
        .playSong: spoken("<play_more> [<det>] [<song_word>] {song}"),
        .nextTrack: spoken("((go|skip|jump|move) next [<track_ref>]|(go on|carry on) to [<det>] next [<track_ref>]|(this|that) [<track>|1] (is|s) (boring|rubbish|terrible|awful|annoying))"),
        .describeDiscs: spoken("(what|which) (<discs>|albums|cds) (are|re) (in|loaded in|inside) ([<det>] [<magazine>] {magazine} [<magazine>]|there)"),
        .nowPlaying: spoken(
            "((who's|who is) (this|it|that|this song|this track|the song|this tune) by{detail=artist}|(which|what) (album|record|cd|disc) (is|s) (this|it|that) [song|track|tune] (from|on)|(which|what) (album|record|cd|disc) (is|s) (in|loaded|in there|in the player)|"
                + "((what's|what is|whats) (coming up|coming) next|(what's|what is|whats) (playing|on) next|(what|which) (song|track|tune) (is|s) (coming up next|playing next)){detail=next}|(how much longer (is|will) [<det>] [<track>|it|this] [be|go on|last|play] [for]|when (does|will) [<det>] [<track>|it|this] (end|finish|be over|be done)|how long (till|until|before) [<det>] next (<track>|1)|how many (minutes|seconds) [are|is] left [in|on|of] [<det>] [<track>|it|this]){detail=remaining}|"
                + "(how old is (this|it|that) [<track>|<disc>]|what year){detail=year}|(what|which) (genre|kind of music){detail=genre}|(what's|what is|whats) (this|that) (tune|1)|(what|which) (album|record|artist|band|singer|song|tune)|(what (plays|comes|will play|is playing|s playing) (after this|next) [1|<track>]){detail=next}|"
                + "(what was (the|that) <track> that (just played|was just playing|played before)|what was the (previous|last) <track> called|what did (you|it) just play){detail=previous})"
        ),
        .stopAfterTrack: spoken(
            "((play|finish) [<det>] [current] (<track>|1) (and|then|and then) stop [playing]|[<det>] last (<track>|1) then stop|after [<det>] [current] <track> (stop|turn it off|switch it off|turn off|stop playing|shut it off|no more music)|(this is|make this|this will be|let this be) [<det>] last 1|let [<det>] (<track>|1) finish (and|then|and then) (stop|turn off|turn it off|switch off))"
        ),
        .listMagazines: spoken("(what|which) <magazines> ((are|re) (loaded|available)|(do you have|have you got))"),
        .describeLibrary: spoken(
            "((show me|list|tell me about) [<det>] (music|library|collection|music library|music collection)|what [music] (can you|can i|could you|could i) play|what music (do i have|do we have|have i got|is there)|(tell me|say|show me) what music (i have|we have|i've got|there is|is there)|describe [<det>] (library|collection|music)|what music (do you have|have you got))"
        ),
        .changeVolume: spoken("((blast (it|that|<det> (music|tunes|sound))|whack (it|<det> (volume|music|sound)) up|(I|we) can (barely|hardly) hear [it|<det> music|anything]|make [it] more loud){step=up}|(turn (it|the music) down low|not so loud){step=down}|<turn> (that|this) {step} <little>|[make it] {step:louder} by {amount})"),
        .setVolume: spoken("((put|set|turn) <whose> <volume> on|[set|make|put|turn] <whose> <volume> [to|at] (level|number)|(set|make|put|turn) <whose> <volume> (to|at) (about|around|roughly)) {volume}"),
        .mute: spoken("(silence|mute|quiet) [<det>] [<playing>|it] [for] a (sec|second|moment|minute|bit)"),
        .unmute: spoken("((bring|get) [<det>] (sound|audio) back|take [it|the music|the sound] off mute)"),
        .resume: spoken("((start|fire) (it|the music|the player) back up|start (it|the music) up again)"),
        .repeat: spoken("((stay on|stick with|stick to|keep playing) (this|the current|<det>) (album|disc|cd|record){mode=disc}|(stop|quit|don't|no more) (repeating|looping) [<det>] (<track>|<disc>|it|everything){mode=off}|(put|set) (the whole lot|everything|it all|all of it) on (repeat|loop){mode=magazine})"),
        .scan: spoken("((play|give me) [a] [quick|short|little] (bit|little|few seconds|little bit|snippet|snippets|preview|previews|taste) of (each|every|all [the]) (track|song|tracks|songs)|(do|run) [a|an] (intro scan|scan))"),
        .pause: spoken("[hold on|hang on|wait] <pause> [<det>] [<playing>|it] [for] a (sec|second|moment|minute|wee minute|bit)"),
        .stop: spoken("stop (it|everything|the music) (altogether|completely|for good)"),
        .restartTrack: spoken("((play|start) (this|that) 1 (from the (start|beginning|top)|over|again)|from the (top|start|beginning) again)"),
        .ejectDisc: spoken("pop (out [<det>] [<disc>]|[<det>] <disc> out)"),
        .playDecade: spoken("(something|anything|music|songs) from {decade}"),
    ]

    /// The everyday phrasings of `intent` (``everydayPhrases``).
    static func everyday(_ intent: ChangerIntent) -> [String] { everydayPhrases[intent] ?? [] }

    /// Repeat and shuffle modes the voice grammar does not hear by their short one-word names:
    /// "repeat on" was heard as "repeat song" ("one" and "on" sound the same), "random play" as
    /// "random play it", "play another disc" as "play on on repeat". "Repeat this song",
    /// "shuffle this album", "repeat off" and "repeat all" still work. "Playlist", typed for a
    /// magazine, is left out as the spoken vocabulary leaves it out of `<magazine>`: in the
    /// grammar it only gave a clip outside it one more path ("put the stereo loop mode
    /// playlist", acted on).
    public static let soundAlikeEnumPhrases: [String: Set<String>] = [
        "RepeatMode": Set([
            "one", "song", "track", "tune", "single", "it", "this", "that", "on", "none", "nothing", "enabled", "disabled",
        ]).union(typedOnlyMagazineWords),
        "RandomMode": Set(["it", "this", "on", "none", "enabled", "disabled"]).union(typedOnlyMagazineWords),
    ]

    private static let typedOnlyMagazineWords: Set<String> = ["playlist", "the playlist", "this playlist"]

    /// Enum names typing takes and the voice grammar leaves out: times in a track said as on a
    /// clock ("1:30", "3 minutes 20"), whose numbers are the grammar's worst sound-alikes.
    public static let typedOnlyEnumPhrases: [String: Set<String>] = ["SeekAmount": Set(ChangerEnums.clockForms.map(\.name))]

    /// Filler words skipped anywhere: IntentKit's, and the sounds and forms of address around a
    /// command ("ugh, not this one", "next song mate"). Thanks are closing courtesies, read only
    /// when the sentence as said matches nothing: as skip words, "thanks for the music" played music.
    public static let skipWords = ShortcutsProvider.defaultSkipWords + ["ugh", "erm", "er", "hmm", "ah", "oh", "ooh", "och", "yo", "dear", "bro", "dude", "mate", "ya", "hen", "like"]

    /// Wake words of other assistants and of players in general, stripped from the start of a
    /// typed sentence as Siri's are ("alexa, play music", "ok google, pause", "hey player, next
    /// song"): said to this prompt, they can only mean it. Siri's are IntentKit's defaults.
    public static let wakePrefixes = ShortcutsProvider.defaultWakePrefixes + [
        "alexa", "hey alexa", "ok google", "hey google", "hi google", "hey player", "ok player", "hey music", "ok music",
        "hey jukebox", "hey stereo", "hey radio", "hey car", "ok car", "hey computer", "ok computer", "computer",
    ]

    /// The fragments that only say to whom or where a sentence is addressed (``ShortcutsProvider/fillerFragments``).
    public static let fillerFragments: Set<String> = ["device", "where"]

    /// Every shortcut, in listing order.
    public static let shortcuts: [AppShortcut] = [
        AppShortcut(.playMagazine, phrases: spoken(
            "<pick> [<det>] [<magazine>] {magazine} [<magazine>]",
            "put [<det>] [<magazine>] {magazine} [<magazine>] on",
            "<play> [<det>] (music|songs|discs|albums|cds|tracks|stuff) (from|in|on|of) [<det>] [<magazine>] {magazine} [<magazine>]",
            "<pick> [<det>] <magazine> (called|named) {magazine}",
            "<pick> [a|a specific|a particular|a certain|specific|particular|certain] <magazine>",
            "(shuffle|shuffle play|randomize|randomise) [<det>] [<magazine>] {magazine} [<magazine>]{random=magazine}",
            "<pick> [<det>] [<magazine>] {magazine} [<magazine>] (shuffled|randomly|in random order|on shuffle|at random|in shuffle mode){random=magazine}"
        ) + everyday(.playMagazine), title: "Play Magazine", symbol: "square.stack"),

        AppShortcut(.playMagazineNumber, phrases: spoken(
            "<pick> [<det>] <magazine> [number] {number}",
            "<pick> [<det>] {number} <magazine>",
            "[<det>] (<magazine> [number] {number}|{number} <magazine>)"
        ), title: "Play Magazine by Number", symbol: "number.square"),

        AppShortcut(.playDisc, phrases: spoken(
            "<pick> [<det>] (<disc>|slot) [number] {disc} <of_magazine> [from the (start|beginning|top)]",
            "<pick> [<det>] {disc} (<disc>|slot) <of_magazine>",
            "(<disc>|slot) [number] {disc} <of_magazine>",
            "put [<det>] <disc> [number] {disc} (on|in)",
            "(change|switch|set) [<det>] <disc> to [number] {disc}",
            "<pick> [<det>] [<magazine>] {magazine} [<magazine>] <disc> [number] {disc}",
            "<pick> [<det>] number {disc}",
            "[<det>] {disc} <disc> <of_magazine>",
            "<pick> [a|a specific|a particular|a certain|specific|particular|certain] <disc> [by number]"
        ) + everyday(.playDisc), title: "Play Disc", symbol: "opticaldisc"),

        AppShortcut(.playLastDisc, phrases: spoken(
            "<pick> [<det>] (final|very last) <disc> [(of|in|on) [<det>] (<magazine>|changer)]",
            "<pick> [<det>] last <disc> (of|in|on) [<det>] (<magazine>|changer)",
            "(final|very last) <disc>"
        ), title: "Play the Last Disc", symbol: "opticaldisc.fill"),

        AppShortcut(.playTrackNumber, phrases: spoken(
            "<pick> [<det>] <track> [number] {track} [<of_disc>]",
            "<pick> [<det>] {track} <track> [<of_disc>]",
            "<track> [number] {track} [<of_disc>]",
            "{track} <track> <of_disc>",
            "<det> {track} <track>",
            "<pick> [<det>] <disc> [number] {disc} <track> [number] {track}",
            "<disc> [number] {disc} <track> [number] {track}",
            "<pick> [a] (specific|particular|certain) <track> [by number]",
            "((restart|start over|replay|redo) [<det>] <disc>|(start|play) [<det>] <disc> (over|[again] from the (start|beginning|top|first <track>)|over again|from scratch)|(go back to|back to|jump to|skip to|go to|rewind to|start at) [<det>] (beginning|start|top) of [<det>] <disc>){track=1}"
        ) + everyday(.playTrackNumber), title: "Play Track", symbol: "music.note.list"),

        AppShortcut(.playAlbum, phrases: spoken(
            "<play> [<det>] [<album_word>] {album} [<album_word>]",
            "[<det>] [<album_word>] {album} [<album_word>]",
            "<select> [<det>] <album_word> {album}",
            "<play> [<det>] <album_word> (called|named|titled) {album}",
            "put [<det>] [<album_word>] {album} on",
            "(shuffle|shuffle play|randomize|randomise) [<det>] [<album_word>] {album} [<album_word>]{random=disc}",
            "<play> [<det>] [<album_word>] {album} [<album_word>] (shuffled|randomly|in random order|on shuffle|at random|in shuffle mode){random=disc}"
        ) + everyday(.playAlbum), title: "Play Album", symbol: "square.stack.fill"),

        AppShortcut(.playArtist, phrases: spoken(
            "<play> [some] [<det>] [<artist_word>] {artist}",
            "[some] [<det>] [<artist_word>] {artist}",
            "<play> <some_music> (by|from|of) [<det>] [<artist_word>] {artist}",
            "<play> (the|that) (album|record|cd|albums|records|cds) (by|from|of) [<det>] [<artist_word>] {artist}",
            "<play> [some|<det>] {artist} (music|songs|tracks|tunes|stuff|records|albums)",
            "<play> [<det>] <artist_word> (called|named) {artist}",
            "[some] {artist} please",
            "(shuffle|shuffle play) [some] [<det>] [<artist_word>] {artist}{random=disc}",
            "<play> [some] [<det>] [<artist_word>] {artist} (shuffled|randomly|in random order|on shuffle|at random){random=disc}"
        ) + everyday(.playArtist), title: "Play Artist", symbol: "music.mic"),

        AppShortcut(.playSong, phrases: spoken(
            "<play> [<det>] [<song_word>] {song} [<song_word>]",
            "[<det>] [<song_word>] {song} [<song_word>]",
            "<play> [<det>] <song_word> (called|named|titled) {song}"
        ) + everyday(.playSong), title: "Play Song", symbol: "music.note"),

        AppShortcut(.playGenre, phrases: spoken(
            "<play> [some|<det>] {genre} [songs|tracks|tunes|stuff|albums|records|genre]",
            "<play> [some] {genre} music",
            "<play> [a|an|some] {genre} (song|track|tune|album|record|cd|disc)",
            "<play> (something|anything) {genre}",
            "<play> <some_music> (from|in|of) [the] {genre} (genre|category|section)",
            "<play> [the] genre {genre}",
            "[some] {genre} [please]",
            "(i'm|i am) in the mood for [some] {genre} [music]",
            "(switch|change) (to|over to) [some] {genre} [music]"
        ) + everyday(.playGenre), title: "Play Genre", symbol: "guitars"),

        AppShortcut(.playDecade, phrases: decadePhrases + everyday(.playDecade), title: "Play Decade", symbol: "calendar"),

        AppShortcut(.playRandomDisc, phrases: spoken("(play|pick|choose|put on) a random (album|disc|cd)") + everyday(.playRandomDisc), title: "Play a Random Disc", symbol: "dice"),

        AppShortcut(.loadAlbum, phrases: spoken(
            "<load> [<det>] [<album_word>] {album} (in|into|to|on|onto|at) [<det>] <slot> [number] {slot}",
            "<load> [<det>] [<album_word>] {album} (in|into|to|on|onto|at) [<det>] {slot} <slot>",
            "(load|fill) [<det>] <slot> [number] {slot} with [<det>] [<album_word>] {album}",
            "(replace|swap out|switch out|exchange) [<det>] (<disc>|<slot>) [number] {slot} (with|for) [<det>] [<album_word>] {album}",
            "(load|insert|put in|slot in|pop in|stick in|add) [<det>] [<album_word>] {album} [(in|into|to) [<det>] (<magazine>|changer)]",
            "put [<det>] [<album_word>] {album} (into [<det>] (<magazine>|changer)|in)"
        ), title: "Load Album", symbol: "tray.and.arrow.down"),

        AppShortcut(.ejectDisc, phrases: spoken(
            "<eject> [<det>] (<disc>|<slot>) [number] {disc} [from [<det>] <magazine>]",
            "<eject> [<det>] {disc} (<disc>|<slot>) [from [<det>] <magazine>]",
            "<eject> [<det>] <disc> (in|from) [<det>] <slot> [number] {disc}",
            "take [<det>] (<disc>|<slot>) [number] {disc} out",
            "empty [<det>] (slot|bay) [number] {disc}",
            "(eject|unload|take out) [<det>] [a] [<disc>]"
        ) + everyday(.ejectDisc), title: "Eject Disc", symbol: "eject"),

        AppShortcut(.ejectAlbum, phrases: spoken(
            "<eject> [<det>] [<album_word>] {album} [<album_word>] [from [<det>] (<magazine>|changer)]"
        ), title: "Eject Album", symbol: "eject.circle"),

        AppShortcut(.playSomething, phrases: spoken(
            "play [it|something|anything|some music|music|some songs|songs|a song|whatever|some tunes|tunes|my cds|my discs|everything|all|all music|all my music|all songs|all the music|some stuff|stuff|a tune|something good|the tunes|all the songs|any song|any music|any album]",
            "(start|begin) [<det>] (music|playback|playing|playing music|listening|player|stereo|cd player|radio|tunes)",
            "(start|begin) [playing]",
            "put (on some music|some music on|on music|music on|something on|on something|on some (tunes|songs)|some (tunes|songs) on)",
            "(turn|switch) (on [<det>] <player>|[<det>] <player> on)",
            "(let's|i want to|i'd like to|let me|i wanna|we want to) (hear|listen to|play) (some music|something|music|anything|some songs|some tunes)",
            "some (music|tunes|songs)",
            "(music|tunes) [please]",
            "(music|tunes) on",
            "(i want|i need|i'd like|give me|gimme|we want|we need|i could use) [some] (music|tunes|songs)"
        ), title: "Play Something", symbol: "play"),

        AppShortcut(.pause, phrases: spoken(
            "[hold on|hang on|wait|okay|ok] <pause> [<det>] [<playing>|it]",
            "(hold on|hold it|hang on|wait|one moment|1 moment|just a moment|hold up|wait a (second|minute|moment|sec)) [a] [second|sec|moment|minute|bit]",
            "(stop|halt|pause) for a (second|moment|minute|bit|sec|while)",
            "(give me|i need) a (second|moment|minute|break|sec)",
            "(take|have) a (break|pause)",
            "put [<det>] [<playing>] on (pause|hold)"
        ) + everyday(.pause), title: "Pause", symbol: "pause"),

        AppShortcut(.resume, phrases: spoken(
            "<resume> [<det>] [<playing>] [(where|from where) (i|we|you|it) (left off|stopped|paused)]",
            "(keep playing|keep going|keep listening|carry on|go on|continue|resume) [playing|going|listening|with the music|playback|play]",
            "(start|play|turn|put) [<det>] (playback|playing|<player>) (again|back on)",
            "(turn|switch) [<det>] <player> back on",
            "(back to [<det>] music|pick up where (i|we) left off)",
            "keep [<det>] (music|<player>) (going|playing|on)",
            "take [it|<det> <playing>] off (pause|hold)"
        ) + everyday(.resume), title: "Resume", symbol: "playpause"),

        AppShortcut(.stop, phrases: spoken(
            "<stop> [playing|listening] [<det>] [<playing>]",
            "(turn|switch|shut) off [<det>] (<player>|<track>|<disc>|cd changer|everything)",
            "(turn|switch|shut) [<det>] (<player>|<disc>|it|everything|this|that) off",
            "(<player>|playback) off",
            "(end|quit|cease|kill|terminate) [<det>] (music|playback|playing|<track>|<player>)",
            "(that's enough|enough|no more) [music]",
            "shut (it|that) (off|down)"
        ) + everyday(.stop), title: "Stop", symbol: "stop"),

        AppShortcut(.stopAfterTrack, phrases: spoken(
            "(stop|end|finish|turn off|switch off|shut off) [<det>] [<playing>|playback|playing|it] (after|at the end of|when|once) [<det>] (current|this|that) <track> [ends|is over|is done|finishes]",
            "stop [playing] after (this|the current) <track>",
            "(this is|make this|this will be|let this be) [<det>] last <track>",
            "(stop|end) after (this|that|the current) [1]",
            "((don't|do not) stop after|(keep playing|keep going|continue|carry on|play on) after) [<det>] (current|this|that) <track>{mode=off}",
            "(cancel|forget) [<det>] stop after [<det>] (current|this|that) <track>{mode=off}",
            "(finish|play) this (song|one) (and|then) stop"
        ) + everyday(.stopAfterTrack), title: "Stop After This Track", symbol: "stop.circle"),

        AppShortcut(.togglePlayPause, phrases: spoken(
            "(play pause|play slash pause|play or pause|pause or play|toggle play pause|toggle playback|toggle play|toggle pause|play and pause)"
        ), title: "Play or Pause", symbol: "playpause.fill"),

        AppShortcut(.nextTrack, phrases: spoken(
            "(next|skip|skip ahead|skip forward|move on|moving on) [1] [<track_ref>]",
            "(<go>|on|move on|skip ahead|skip forward|jump ahead|jump forward) to [<det>] next [<track_ref>]",
            "play [<det>] (next|following) [<track_ref>]",
            "skip (this|that|the current|current|it|this 1) [<track_ref>]",
            "(skip|change|switch) [<det>] <track>",
            "[play] (another|a different|different|the following) (<track>|1)",
            "(I don't like|I hate|I do not like|not|(I'm|I am) (bored of|bored with|tired of|sick of)|enough of) (this|that) [<track_ref>]",
            "(next|skip|skip ahead|skip forward|go forward|jump ahead|jump forward|move forward|advance|go ahead|move on) [by] {count} <tracks> [ahead|forward|on]",
            "((skip|go|jump|move) {count} <tracks> (ahead|forward|on)|(forward|go forward|move forward|jump forward|skip forward|skip ahead|jump ahead|go ahead) (1|a) <track>)"
        ) + everyday(.nextTrack), title: "Next Track", symbol: "forward.end"),

        AppShortcut(.previousTrack, phrases: spoken(
            "(previous|prior|preceding|last) [<track_ref>]",
            "[go|skip|jump|move] back [to|1] [<det>] [previous|last|prior] [<track_ref>]",
            "(go|skip|jump|move|change|switch) to [<det>] (previous|last|prior) [<track_ref>]",
            "(play|replay) [<det>] (previous|last|prior) [<track_ref>] [again]",
            "(replay|back [1] [<track_ref>])",
            "back up [a|1] <track>",
            "[<go>] [back] to [<det>] (<track>|1) before [this|that|it|this 1|the current 1]",
            "play [<det>] (<track>|1) before (this|that|it|this 1|the current 1)",
            "(go back|skip back|back|jump back|move back|go backwards|skip backwards|rewind) [by] {count} <tracks>"
        ) + everyday(.previousTrack), title: "Previous Track", symbol: "backward.end"),

        AppShortcut(.restartTrack, phrases: spoken(
            "(restart|start over|redo) [<det>] [<track>]",
            "(restart (this|it|current|the current|<det>) [<track>]|replay (this|it|current|the current|<det>) <track>)",
            "(start|play) [<det>] [<track>|it] (over|[again] from the (start|beginning|top)|again|over again|from scratch|one more time|once more)",
            "(go back to|back to|from|take it from|start from|jump to|skip to|go to|rewind to|start at) [<det>] (beginning|start|top) [of [<det>] <track>]",
            "(one more time|once more|again|from the top)",
            "[I want to|I'd like to|let me|let's|can I] hear [<det>] [<track>|it] again"
        ) + everyday(.restartTrack), title: "Restart Track", symbol: "arrow.counterclockwise"),

        AppShortcut(.nextDisc, phrases: spoken(
            "(next|following) <disc>",
            "(<go>|on) to [<det>] next <disc>",
            "(play|load|put on|pick|select|choose) [<det>] next <disc>",
            "(change|switch|swap|skip) [<det>] (<disc>|<discs>)",
            "[play] (another|a different|different) <disc>",
            "<disc> (up|forward|next)",
            "skip (this|that|the current|current) <disc>",
            "(I don't like|I hate|I do not like) (this|that) <disc>",
            "play something (else|different)"
        ) + everyday(.nextDisc), title: "Next Disc", symbol: "forward.frame"),

        AppShortcut(.previousDisc, phrases: spoken(
            "(previous|last|prior|preceding) <disc>",
            "(<go>) back (a|1|to [<det>] [previous|last|prior]) <disc>",
            "(<go>) to [<det>] (previous|prior) <disc>",
            "play [<det>] (previous|prior) <disc> [again]",
            "(play|<go> to) [<det>] last <disc> [again]",
            "(<disc> (down|back)|back [1] <disc>)"
        ) + everyday(.previousDisc), title: "Previous Disc", symbol: "backward.frame"),

        AppShortcut(.nextMagazine, phrases: spoken(
            "(next|following) <magazine>",
            "(change|switch|swap|skip) [<det>] (<magazine>|<magazines>)",
            "(<go>|on) to [<det>] next <magazine>",
            "(play|load|put on|pick|select|choose) [<det>] next <magazine>",
            "[play] (another|a different|different) <magazine>"
        ), title: "Next Magazine", symbol: "square.stack.3d.down.forward"),

        AppShortcut(.previousMagazine, phrases: spoken(
            "(previous|last|prior) <magazine>",
            "<go> back (a|1|to [<det>] [previous|last|prior]) <magazine>",
            "<go> to [<det>] (previous|last|prior) <magazine>",
            "(play|load|put on|pick|select|choose) [<det>] (previous|last|prior) <magazine> [again]"
        ), title: "Previous Magazine", symbol: "square.stack.3d.up"),

        AppShortcut(.seek, phrases: spoken(
            "(fast forward|ff|forward|fast forwards) [a bit|a little|a little bit|a few seconds|some]{direction=forward}",
            "(rewind|wind back|back up|rewind back) [a bit|a little|a little bit|a few seconds|some]{direction=backward}",
            "(go|skip|jump|move|scrub|seek) {direction} (a bit|a little|a little bit|a few seconds|some)",
            "seek [{direction}]",
            "(<forward>|seek (forward|ahead|forwards)) [by] {seconds} [ahead|forward|in]{direction=forward}",
            "(<backward>|seek (back|backward|backwards)) [by] {seconds} [back|backward|backwards]{direction=backward}",
            "{direction} {seconds}",
            "((<go>|seek|scrub|fast forward|forward) to{direction=forward}|(rewind|wind back|back up) to{direction=backward}) [the] {at} [mark|point|position] [(in|into|of) [<det>] (<track>|it)]",
            "(start|play|resume|begin) [<det>] [<track>|it] (at|from) [the] {at} [mark|point|position]{direction=forward}"
        ), title: "Seek", symbol: "goforward.10"),

        AppShortcut(.setVolume, phrases: spoken(
            "(set|<turn>|change|<raise>|<lower>) [up|down] <whose> <volume> [<where>] [up|down] (to|at) {volume}",
            "(set|change|adjust) <whose> volume {volume}",
            "<whose> volume [level] [to|at] {volume}",
            "(<turn>|<raise>|<lower>) (it|this|[<det>] <player>) [up|down] (to|at) {volume}",
            "{volume} (volume|sound)",
            "(set|turn|crank|make|put) ([<det>] (volume|sound|music)|it) {volume}",
            "(set|change|adjust) <whose> volume [level]"
        ) + everyday(.setVolume), title: "Set Volume", symbol: "speaker.wave.2"),

        AppShortcut(.changeVolume, phrases: spoken(
            "[<turn>] (<whose> <volume>|[<det>] <player>|it) [way] {step} <little> [by {amount}|{amount}]",
            "<turn> {step} <volume_object> <little> [by {amount}|{amount}]",
            "[make|get|play] [it|<det> (music|sound|volume|<player>)] <little> {step:louder}",
            "<raise> <volume_object> <little> [by {amount}|{amount}]{step=up}",
            "<lower> <volume_object> <little> [by {amount}|{amount}]{step=down}",
            "{step:more} (volume|sound)",
            "[it's|it is|that's|that is|this is] [way|much|far|a bit|a little] too (loud|noisy){step=down}",
            "([it's|it is|that's|that is|this is] [way|much|far|a bit|a little] too (quiet|soft|low)|(I can't hear|I cannot hear|can't hear) [it|<det> music|anything]){step=up}"
        ) + everyday(.changeVolume), title: "Change Volume", symbol: "speaker.plus"),

        AppShortcut(.getVolume, phrases: spoken(
            "(what's|what is|whats|hows|how is|tell me|check|say) [<det>] [current] <volume> [at|set to|now|on]",
            "how loud is (it|this|<det> (music|volume|sound|<player>))",
            "what (volume|level) (is|s) (it|this|<det> (music|volume|sound|<player>)) [at|on|set to]",
            "(volume|volume level) (check|status|level)",
            "(how (loud|high) is [<det>] volume|(is|are) (it|<det> (music|sound|<player>)|we) muted)"
        ), title: "Volume Level", symbol: "speaker.badge.exclamationmark"),

        AppShortcut(.mute, phrases: spoken(
            "mute [<det>] [<playing>|sound|audio|volume|speakers|speaker]",
            "(turn|switch) (off [<det>] (sound|audio|volume)|[<det>] (sound|audio|volume) off)",
            "(sound|audio|volume) off",
            "(silence|be quiet|shut up|shush|hush|quiet|shh|shhh|ssh) [<det>] [<playing>]",
            "(kill|cut) [<det>] (sound|audio)",
            "((turn|switch) on mute|mute on|enable mute|put it on mute|go quiet)"
        ) + everyday(.mute), title: "Mute", symbol: "speaker.slash"),

        AppShortcut(.unmute, phrases: spoken(
            "(unmute|un mute) [<det>] [<playing>|sound|audio|volume|speakers|speaker]",
            "(turn|switch) (on [<det>] (sound|audio|volume)|[<det>] (sound|audio|volume) [back] on)",
            "((sound|audio|volume) [back] on|mute off)",
            "(bring back|restore) [<det>] (sound|audio)",
            "((turn|switch) off mute|(turn|switch) mute off|stop muting|cancel mute|disable mute|no more mute|end mute)"
        ) + everyday(.unmute), title: "Unmute", symbol: "speaker.wave.3"),

        AppShortcut(.repeat, phrases: spoken(
            "(repeat|loop|keep repeating|keep looping) [mode] {mode:this song}",
            "(set|turn|switch|change|put) <whose> (repeat|loop) [mode] [to] {mode:one}",
            "(turn|switch) {mode:off} (repeat|loop|repeating|looping) [mode]",
            "(stop|quit|no|cancel|disable|don't|end|no more) (repeating|looping|repeat|loop){mode=off}",
            "(repeat|loop|repeat mode|turn on repeat|turn repeat on|enable repeat|repeat on|switch on repeat|turn on loop|turn loop on|loop on){mode=magazine}",
            "(put|play|keep|leave) {mode:this song} on (repeat|loop)",
            "(play|listen to) {mode:this song} (again and again|over and over|on repeat)",
            "(repeat|loop) (mode|setting) off{mode=off}"
        ) + everyday(.repeat), title: "Repeat", symbol: "repeat"),

        AppShortcut(.random, phrases: spoken(
            "(shuffle|randomize|randomise|mix up|mix|random|random play|shuffle play) [mode] {mode:this album}",
            "(put|set) [<det>] (music|songs|tracks|tunes|it|everything|cds|discs) on shuffle{mode=magazine}",
            "(set|turn|switch|change|put) <whose> (shuffle|random|random play|random mode|shuffle mode) [mode] [to] {mode:on}",
            "(turn|switch) {mode:off} (shuffle|random|random play|shuffle mode|random mode|shuffling)",
            "(stop|quit|no|cancel|disable|don't|end|no more) (shuffling|shuffle|random|randomizing|random play|mixing){mode=off}",
            "(unshuffle|play in order|play [them|<det> <tracks>] in order|in order){mode=off}",
            "(shuffle|random|randomize|shuffle play|random play|play randomly|play in random order|play at random|shuffle mode|random mode|mix it up|mix things up|turn on shuffle|turn shuffle on|enable shuffle|shuffle on|random on|switch on shuffle|turn on random|turn random on|shuffle mode on|random mode on|play shuffled|play random|play on shuffle|random order|in random order){mode=magazine}",
            "play {mode:this album} (shuffled|randomly|in random order|on shuffle|at random|in shuffle mode)",
            "(play|put on) [some|a] random (song|songs|track|tracks|tune|tunes|music|stuff){mode=magazine}",
            "((play|put on) (something|anything) random|surprise me){mode=magazine}"
        ), title: "Random", symbol: "shuffle"),

        AppShortcut(.scan, phrases: spoken(
            "(scan|intro scan|intro play|intro|preview|sample|scan through) [<det>] [disc|cd|album|tracks|songs|magazine|discs|all tracks|everything|mode]",
            "play [<det>] (intros|intro|beginning of each (track|song)|start of each (track|song)|first few seconds of each (track|song))",
            "(play|give me) a (preview|taste|sample) of (each|every) (track|song)",
            "(stop|end|cancel|quit|exit|disable|no more|enough|turn off|switch off) (scanning|scan|scan mode|intro scan|intro play|intros|previewing|the scan|previews){mode=off}",
            "(scan|scanning|scan mode|intro scan|intro play) off{mode=off}",
            "(turn|switch) (scan|scanning|scan mode|intro scan) off{mode=off}",
            "(start|begin|enable|turn on|switch on) (scanning|scan|scan mode|intro scan|intro play){mode=on}",
            "((scan|scan mode|intro scan) on|(turn|switch) (scan|scan mode|intro scan) on){mode=on}"
        ) + everyday(.scan), title: "Scan", symbol: "text.magnifyingglass"),

        AppShortcut(.nowPlaying, phrases: spoken(
            "(what's|what is|whats) (playing|this|on|this song|this track|that song|the song|the track|the current song|the current track|this album|this disc|currently playing|playing now)",
            "(what|which) (song|track|tune|album|disc|cd|music|(artist|band){detail=artist}|track number|song number) (is|s) (this|playing|on|that)",
            "(who|who's|who is) (sings|singing|sang|performs|wrote|made|this|playing|the artist|the singer|the band|this artist|this band) [this|that|it] [song|track|tune]{detail=artist}",
            "(what|who) (am I|are we|are you|is this) (listening to|playing|hearing)",
            "((who's|who is) (this|it) by{detail=artist}|now playing|current song|current track|song info|track info|song name|song title|track name|track title|tell me what's playing|tell me what is playing|show me what's playing|say what's playing|tell me the ((artist|band|singer){detail=artist}|album)|[the] name of the (artist|singer|band){detail=artist}|(name|identify) (this|the|that) (song|track|tune)|(what's|what is) (this|the|that) (song|track|tune|album) called|[the] (name|title) of (this|that|the current) (song|track|tune|album))",
            "(what's|what is|tell me) the ((name|title) of (this|the|that) (song|track|tune|album)|(song|track|album) (name|title))",
            "((how long is|what's the length of|what is the length of|how long does) ([<det>] <track>|it|this) [last|go on|run|take]{detail=length}|(how far (into|in|through) [<det>] [<track>|it|this] (are we|am I|is it)|how far in (are we|am I)|where are we in [<det>] <track>|how much of [<det>] [<track>|it|this] (has played|have we heard|have I heard)){detail=elapsed}|(how long is (this|the current|the) <disc>|how many (tracks|songs|tunes) (are|is) (on|in) (this|the current|the) <disc>|how many (tracks|songs) does (this|the current|the) <disc> have|(what's|what is|whats) (on|in) (this|the current) <disc>){detail=disc})",
            "((how much [time] (is|s) left|how long [is] left|how much longer|how long until the end|time left|time remaining) [in|on|of|for] [<det>] [<track>|this|it]|how much of [<det>] [<track>|it|this] (is|s) left|how long (until|till|before) ([<det>] [<track>|it] (ends|is over|finishes|is done)|its (over|done|finished))){detail=remaining}",
            "(((which|what) <magazine> (is|s) (this|it|playing|on|loaded|that|selected|current|in)|(which|what) <magazine> (am I|are we) (in|on|listening to)|(what's|what is|whats) [<det>] current <magazine>){detail=magazine}|((what's|what is|whats) (next|up next|coming up|on next|after this [1])|(what|which) (song|track|tune) (is|s|comes) (next|up next|coming up|after this [1])|(what's|what is|whats) [<det>] next (song|track|tune)){detail=next}|((what|which) (genre|kind of music|style of music|type of music|sort of music) (is|s) (this|it|playing|that|on)|(what's|what is|whats) the genre [of (this|the) (<track>|<disc>)]){detail=genre}|(what year is (this|it|that) [<track>|<disc>] from|(what year|when) (was|did) (this|it|that) [<track>|<disc>] (come out|get released|released|recorded|made)|(when|what year) (was|is) (this|the) [<track>|<disc>] from){detail=year}|((what|which) (was|s) (that|the last|the previous|the one before) (song|track|tune)|what (song|track|tune) was (that|playing before [this|that]|that before|on before [this|that])|(what|which) (song|track) did (i|we) just (hear|listen to)|what did (i|we) just (hear|listen to)){detail=previous})"
        ) + everyday(.nowPlaying), title: "Now Playing", symbol: "music.note.tv"),

        AppShortcut(.describeDiscs, phrases: spoken(
            "(what's|what is|whats) (on|in) [<det>] (<disc>|<slot>) [number] {disc} <of_magazine>",
            "(what|which) (<disc>|band|artist) (is|s) (in|on) [<det>] (<slot>|<disc>) [number] {disc} <of_magazine>",
            "(what's|what is|whats|which album is|what album is) [<det>] (<disc>|<slot>) [number] {disc} <of_magazine>",
            "(what's|what is|whats) (in|on|loaded in|inside) [<det>] (<magazine>|changer|cd changer|rack)",
            "(what|which) (<discs>|music) (are|re|is|s|do I have|do we have) (in|on|loaded|loaded in|inside) [<det>] (<magazine>|changer|cd changer|rack)",
            "(what|which) (<discs>|music) (are|re|is|s) loaded",
            "(list|read [out]|name|tell me) [<det>] (<discs>|albums|cds) [(in|of|on) [<det>] (<magazine>|changer|cd changer|rack)]",
            "(what's|what is|whats) (in|inside) [<det>] [<magazine>] {magazine} [<magazine>]"
        ) + everyday(.describeDiscs), title: "What's Loaded", symbol: "list.bullet"),

        AppShortcut(.listMagazines, phrases: spoken(
            "(what|which) <magazines> (do i have|do we have|are there|have i got|have we got|are in [<det>] (rack|changer)|exist)",
            "(list|name|read [out]|tell me|show me|say) [<det>|all [<det>]] <magazines>",
            "how many <magazines> (do i have|do we have|are there|have i got|have we got)",
            "(what|which) <magazines> (can i|can we|could i) (play|choose|pick)"
        ) + everyday(.listMagazines), title: "List Magazines", symbol: "square.stack.3d.up"),

        AppShortcut(.describeLibrary, phrases: libraryQuestions + everyday(.describeLibrary), title: "What's in the Library", symbol: "books.vertical"),
    ]

    /// The provider: magazines and the library's albums, artists and songs supplied at every snapshot.
    public static func provider(magazines: @escaping @Sendable () -> [Entity], library: LibraryEntities = LibraryEntities()) -> ShortcutsProvider {
        ShortcutsProvider(
            appName: appName,
            alternativeAppNames: alternativeAppNames,
            intents: ChangerCatalog.intents,
            entityTypes: [EntityType(identifier: ChangerCatalog.magazineType, title: "Magazine", entities: magazines)] + library.entityTypes,
            shortcuts: shortcuts,
            skipWords: skipWords,
            wakePrefixes: wakePrefixes,
            fragments: fragments,
            fillerFragments: fillerFragments,
            equivalentInvocation: equivalentInvocation
        )
    }

    /// Registers the catalog; `magazines` returns the current magazines (id = UUID string,
    /// display name = the magazine's name), `library` the albums, artists and songs. Call
    /// `updateShortcutParameters()` after every change.
    public static func makeRegistry(magazines: @escaping @Sendable () -> [Entity], library: LibraryEntities = LibraryEntities()) throws(ShortcutRegistrationError) -> ShortcutRegistry {
        try ShortcutRegistry(provider(magazines: magazines, library: library))
    }

    /// A magazine entity.
    public static func magazine(id: String, name: String, subtitle: String? = nil) -> Entity {
        Entity(id: id, displayName: name, subtitle: subtitle)
    }

    /// "Magazine two" said as a number is the magazine in that place of the rack: when that is also
    /// the magazine a name reading found, the two readings are one.
    @Sendable static func equivalentInvocation(_ invocation: IntentInvocation, _ snapshot: ParameterSnapshot) -> IntentInvocation? {
        guard invocation.changerIntent == .playMagazineNumber, case .enumCase(_, .integer(let number), _)? = invocation["number"],
              let magazines = snapshot.entities[ChangerCatalog.magazineType], magazines.indices.contains(number - 1) else { return nil }
        let magazine = magazines[number - 1]
        return IntentInvocation(.playMagazine, parameters: [
            "magazine": .entity(typeIdentifier: ChangerCatalog.magazineType, id: magazine.id, displayName: magazine.displayName),
        ])
    }
}
