import ChangerIntents
import IntentKit
import Testing

/// A compact description of a resolution: "PlayDisc disc=3 magazine=Road Trip",
/// "needsValue PlayDisc disc", "ambiguous", "unsupported".
func describe(_ resolution: Resolution) -> String {
    switch resolution {
    case .matched(let invocation):
        return ([invocation.intent] + invocation.parameters.keys.sorted().map { name in
            switch invocation.parameters[name]!.json {
            case .number(let number): return "\(name)=\(number)"
            case .string(let text): return "\(name)=\(text)"
            default: return "\(name)=?"
            }
        }).joined(separator: " ")
    case .needsValue(let request): return "needsValue \(request.invocation.intent) \(request.parameter)"
    case .ambiguous: return "ambiguous"
    case .unsupported: return "unsupported"
    case .declined: return "declined"
    }
}

@Suite("Natural phrasings resolve to the right intent")
struct NaturalPhrasingTests {
    static let magazines = ["Road Trip", "Summer Hits", "Magazine One", "Jazz Evenings", "Café Del Mar", "Workout Mix"]
    static let registry: ShortcutRegistry = try! TestMagazines(magazines).makeRegistry()

    static let phrasings: [(String, String)] = [
        // Next track
        ("next song", "NextTrack"), ("next", "NextTrack"), ("skip", "NextTrack"), ("skip this track", "NextTrack"),
        ("skip this song", "NextTrack"), ("skip the song", "NextTrack"), ("next track please", "NextTrack"),
        ("skip to the next song", "NextTrack"), ("go to the next track", "NextTrack"), ("play the next song", "NextTrack"),
        ("next one", "NextTrack"), ("change the song", "NextTrack"), ("play another song", "NextTrack"),
        ("I don't like this song", "NextTrack"), ("skip ahead", "NextTrack"), ("Hey Siri, next song in CD Changer", "NextTrack"),
        ("can you skip this song please", "NextTrack"), ("Next song.", "NextTrack"), ("SKIP!", "NextTrack"),
        // Previous track
        ("previous song", "PreviousTrack"), ("go back", "PreviousTrack"), ("go back to the previous song", "PreviousTrack"),
        ("last song", "PreviousTrack"), ("previous track", "PreviousTrack"), ("play the last song again", "PreviousTrack"),
        ("play the previous track", "PreviousTrack"), ("skip back", "PreviousTrack"), ("back", "PreviousTrack"),
        ("go back one song", "PreviousTrack"), ("restart the song", "RestartTrack"), ("play this song again", "RestartTrack"),
        ("start the song over", "RestartTrack"), ("replay", "PreviousTrack"), ("previous", "PreviousTrack"),
        // Pause
        ("pause", "Pause"), ("pause the music", "Pause"), ("pause playback", "Pause"), ("hold on", "Pause"),
        ("hold on a second", "Pause"), ("wait", "Pause"), ("hang on", "Pause"), ("pause it", "Pause"),
        ("give me a minute", "Pause"), ("stop for a moment", "Pause"), ("pause the song please", "Pause"),
        // Resume
        ("resume", "Resume"), ("continue", "Resume"), ("continue playing", "Resume"), ("keep playing", "Resume"),
        ("unpause", "Resume"), ("resume the music", "Resume"), ("resume playback", "Resume"), ("carry on", "Resume"),
        ("keep going", "Resume"), ("start the music again", "Resume"), ("resume where I left off", "Resume"),
        // Stop
        ("stop", "Stop"), ("stop playing", "Stop"), ("stop the music", "Stop"), ("stop it", "Stop"),
        ("turn off the music", "Stop"), ("turn the music off", "Stop"), ("turn it off", "Stop"), ("stop playback", "Stop"),
        ("that's enough", "Stop"), ("end the music", "Stop"), ("stop everything", "Stop"),
        // Toggle and seek
        ("play/pause", "TogglePlayPause"), ("play or pause", "TogglePlayPause"), ("toggle playback", "TogglePlayPause"),
        ("fast forward", "Seek direction=forward"), ("rewind", "Seek direction=backward"),
        ("skip ahead 10 seconds", "Seek direction=forward seconds=10"), ("go back ten seconds", "Seek direction=backward seconds=10"),
        ("rewind a bit", "Seek direction=backward"), ("fast forward a little", "Seek direction=forward"),
        ("seek forward", "Seek direction=forward"), ("jump back 10 seconds", "Seek direction=backward seconds=10"),
        // Volume
        ("turn it up", "ChangeVolume step=up"), ("louder", "ChangeVolume step=up"), ("turn the volume up", "ChangeVolume step=up"),
        ("turn up the volume", "ChangeVolume step=up"), ("volume up", "ChangeVolume step=up"), ("make it louder", "ChangeVolume step=up"),
        ("a bit louder please", "ChangeVolume step=up"), ("increase the volume", "ChangeVolume step=up"), ("raise the volume", "ChangeVolume step=up"),
        ("turn the volume down", "ChangeVolume step=down"), ("quieter", "ChangeVolume step=down"), ("turn it down", "ChangeVolume step=down"),
        ("volume down", "ChangeVolume step=down"), ("lower the volume", "ChangeVolume step=down"), ("softer", "ChangeVolume step=down"),
        ("turn down the music", "ChangeVolume step=down"), ("it's too loud", "ChangeVolume step=down"), ("more volume", "ChangeVolume step=up"),
        ("decrease the volume", "ChangeVolume step=down"), ("turn it down a little", "ChangeVolume step=down"),
        ("set the volume to 40 percent", "SetVolume volume=40"), ("volume 40", "SetVolume volume=40"),
        ("set volume to forty", "SetVolume volume=40"), ("volume to 75%", "SetVolume volume=75"),
        ("set the volume to 100", "SetVolume volume=100"), ("turn the volume to 20", "SetVolume volume=20"),
        ("max volume", "SetVolume volume=100"), ("volume at fifty percent", "SetVolume volume=50"),
        ("set volume 30", "SetVolume volume=30"), ("change the volume to sixty five", "SetVolume volume=65"),
        ("turn it up to 80", "SetVolume volume=80"), ("full volume", "SetVolume volume=100"),
        ("set the volume", "needsValue SetVolume volume"),
        ("mute", "Mute"), ("mute the sound", "Mute"), ("mute the music", "Mute"), ("sound off", "Mute"),
        ("turn off the sound", "Mute"), ("silence", "Mute"), ("turn the sound off", "Mute"),
        ("unmute", "Unmute"), ("sound on", "Unmute"), ("turn the sound back on", "Unmute"), ("unmute the music", "Unmute"),
        ("turn on the sound", "Unmute"),
        // Now playing
        ("what's playing", "NowPlaying"), ("what song is this", "NowPlaying"), ("who sings this", "NowPlaying detail=artist"),
        ("what is this song", "NowPlaying"), ("what's this song", "NowPlaying"), ("who is this", "NowPlaying detail=artist"),
        ("what am I listening to", "NowPlaying"), ("what album is this", "NowPlaying"), ("now playing", "NowPlaying"),
        ("what's the name of this song", "NowPlaying"), ("who sings this song", "NowPlaying detail=artist"), ("what is playing", "NowPlaying"),
        ("which disc is playing", "NowPlaying"), ("name that tune", "NowPlaying"), ("tell me what's playing", "NowPlaying"),
        // Repeat
        ("repeat this song", "Repeat mode=track"), ("repeat the album", "Repeat mode=disc"), ("repeat all", "Repeat mode=magazine"),
        ("repeat everything", "Repeat mode=magazine"), ("stop repeating", "Repeat mode=off"), ("repeat off", "Repeat mode=off"),
        ("repeat", "Repeat mode=magazine"), ("repeat this track", "Repeat mode=track"), ("repeat the disc", "Repeat mode=disc"),
        ("repeat the cd", "Repeat mode=disc"), ("turn off repeat", "Repeat mode=off"), ("turn repeat off", "Repeat mode=off"),
        ("put this song on repeat", "Repeat mode=track"), ("loop this album", "Repeat mode=disc"), ("repeat one", "Repeat mode=track"),
        ("turn on repeat", "Repeat mode=magazine"), ("no repeat", "Repeat mode=off"), ("repeat this", "Repeat mode=track"),
        // Random
        ("shuffle", "Random mode=magazine"), ("shuffle this album", "Random mode=disc"), ("shuffle everything", "Random mode=magazine"),
        ("stop shuffling", "Random mode=off"), ("shuffle off", "Random mode=off"), ("turn off shuffle", "Random mode=off"),
        ("turn shuffle on", "Random mode=magazine"), ("random play", "Random mode=magazine"), ("shuffle the disc", "Random mode=disc"),
        ("shuffle all songs", "Random mode=magazine"), ("play in random order", "Random mode=magazine"), ("unshuffle", "Random mode=off"),
        ("shuffle my music", "Random mode=magazine"), ("play this album shuffled", "Random mode=disc"), ("turn shuffle off", "Random mode=off"),
        // Discs
        ("play disc 3", "PlayDisc disc=3"), ("play disc three", "PlayDisc disc=3"), ("play the third disc", "PlayDisc disc=3"),
        ("put on disc 3", "PlayDisc disc=3"), ("switch to disc 3", "PlayDisc disc=3"), ("play CD 3", "PlayDisc disc=3"),
        ("play cd number five", "PlayDisc disc=5"), ("disc 2", "PlayDisc disc=2"), ("play the 1st disc", "PlayDisc disc=1"),
        ("go to disc twelve", "PlayDisc disc=12"), ("change to disc 4", "PlayDisc disc=4"), ("play album 6", "PlayDisc disc=6"),
        ("play disc 3 of Road Trip", "PlayDisc disc=3 magazine=Road Trip"), ("play disc 3 in Road Trip", "PlayDisc disc=3 magazine=Road Trip"),
        ("play the second disc of summer hits", "PlayDisc disc=2 magazine=Summer Hits"),
        ("play disc 1 from the Jazz Evenings magazine", "PlayDisc disc=1 magazine=Jazz Evenings"),
        ("put disc 5 on", "PlayDisc disc=5"), ("play disc twenty", "PlayDisc disc=20"), ("skip to disc 2", "PlayDisc disc=2"),
        ("play a specific disc", "needsValue PlayDisc disc"), ("play a disc", "needsValue PlayDisc disc"),
        ("pick a disc", "needsValue PlayDisc disc"),
        ("next disc", "NextDisc"), ("next CD", "NextDisc"), ("change the disc", "NextDisc"), ("next album", "NextDisc"),
        ("switch discs", "NextDisc"), ("skip this album", "NextDisc"), ("play the next disc", "NextDisc"), ("another album", "NextDisc"),
        ("previous album", "PreviousDisc"), ("previous disc", "PreviousDisc"), ("last cd", "PreviousDisc"),
        ("go back to the previous album", "PreviousDisc"), ("go back a disc", "PreviousDisc"),
        ("next magazine", "NextMagazine"), ("change the magazine", "NextMagazine"), ("switch magazines", "NextMagazine"),
        ("previous magazine", "PreviousMagazine"), ("go back to the last magazine", "PreviousMagazine"),
        // Magazines and play something
        ("play something", "PlaySomething"), ("play some music", "PlaySomething"), ("play music", "PlaySomething"),
        ("start playing", "PlaySomething"), ("play anything", "PlaySomething"), ("put on some music", "PlaySomething"),
        ("start the music", "PlaySomething"), ("turn on the music", "PlaySomething"), ("some music please", "PlaySomething"),
        ("play Road Trip", "PlayMagazine magazine=Road Trip"), ("play the Road Trip magazine", "PlayMagazine magazine=Road Trip"),
        ("play road trip", "PlayMagazine magazine=Road Trip"), ("put on summer hits", "PlayMagazine magazine=Summer Hits"),
        ("play the magazine Jazz Evenings", "PlayMagazine magazine=Jazz Evenings"), ("play cafe del mar", "PlayMagazine magazine=Café Del Mar"),
        ("switch to Workout Mix", "PlayMagazine magazine=Workout Mix"), ("I want to hear Road Trip", "PlayMagazine magazine=Road Trip"),
        ("play music from Summer Hits", "PlayMagazine magazine=Summer Hits"), ("load magazine one", "ambiguous"),
        ("play a magazine", "needsValue PlayMagazine magazine"),
        // Scan
        ("scan", "Scan"), ("intro play", "Scan"), ("intro scan", "Scan"), ("scan the disc", "Scan"), ("play the intros", "Scan"),
        ("preview the tracks", "Scan"),
        // Siri style with the app name and wake words
        ("Hey Siri, play disc 3 in CD Changer", "PlayDisc disc=3"), ("ok cd changer, pause", "Pause"),
        ("Siri, what's playing in Digital CD Changer", "NowPlaying"), ("ask CD Changer to shuffle everything", "Random mode=magazine"),
        ("stop playing on CD Changer", "Stop"),
        ("Hey Siri, ask CD Changer to play the next disc", "NextDisc"), ("Hey Siri, tell CD Changer to turn it up", "ChangeVolume step=up"),
        ("Hey Siri, play Road Trip on CD Changer", "PlayMagazine magazine=Road Trip"), ("CD Changer, next", "NextTrack"),
        ("open CD Changer and play disc 4", "PlayDisc disc=4"), ("Siri, pause CD Changer", "Pause"),
        // More ways people say it
        ("skip forward", "NextTrack"), ("move on", "NextTrack"), ("skip it", "NextTrack"), ("play next", "NextTrack"),
        ("another one", "NextTrack"), ("i don't like this one", "NextTrack"),
        ("go to the previous song", "PreviousTrack"), ("back one song", "PreviousTrack"), ("play that again", "RestartTrack"),
        ("skip ahead to the next one", "NextTrack"), ("go back to the song before", "PreviousTrack"), ("play the one before this", "PreviousTrack"),
        ("back up a song", "PreviousTrack"), ("hold on pause that", "Pause"),
        ("start over", "RestartTrack"), ("play previous", "PreviousTrack"),
        ("pause for a second", "Pause"), ("keep the music going", "Resume"), ("halt", "Stop"), ("music off", "Stop"),
        ("too loud", "ChangeVolume step=down"), ("it's too quiet", "ChangeVolume step=up"), ("turn it up a notch", "ChangeVolume step=up"),
        ("volume down a notch", "ChangeVolume step=down"), ("can't hear it", "ChangeVolume step=up"),
        ("make the volume 60", "SetVolume volume=60"), ("set volume to half", "SetVolume volume=50"), ("volume max", "SetVolume volume=100"),
        ("mute off", "Unmute"), ("shh", "Mute"),
        ("who's singing", "NowPlaying detail=artist"), ("who's the artist", "NowPlaying detail=artist"), ("tell me the song name", "NowPlaying"),
        ("what's the title of this track", "NowPlaying"), ("which cd is this", "NowPlaying"),
        ("keep repeating this song", "Repeat mode=track"), ("turn on loop", "Repeat mode=magazine"), ("repeat this cd", "Repeat mode=disc"),
        ("shuffle it", "Random mode=disc"), ("random order", "Random mode=magazine"), ("play shuffled", "Random mode=magazine"),
        ("random off", "Random mode=off"), ("play in order", "Random mode=off"),
        ("let's hear disc 2", "PlayDisc disc=2"), ("i want to hear disc 3", "PlayDisc disc=3"), ("play number 3", "PlayDisc disc=3"),
        ("play the twelfth album", "PlayDisc disc=12"), ("put disc three on", "PlayDisc disc=3"),
        ("play road trip disc 3", "PlayDisc disc=3 magazine=Road Trip"), ("play everything", "PlaySomething"), ("play my music", "PlaySomething"),
        ("back a disc", "PreviousDisc"), ("disc up", "NextDisc"), ("go back one disc", "PreviousDisc"), ("another magazine", "NextMagazine"),
        ("play the magazine called road trip", "PlayMagazine magazine=Road Trip"), ("go to summer hits", "PlayMagazine magazine=Summer Hits"),
        ("give me a preview of each track", "Scan"), ("toggle pause", "TogglePlayPause"),
        // Found by trying everyday sentences (2026-12-06).
        ("put on some tunes", "PlaySomething"), ("put some songs on", "PlaySomething"), ("music on", "PlaySomething"),
        ("surprise me", "Random mode=magazine"), ("play something random", "Random mode=magazine"),
        ("play random songs", "Random mode=magazine"), ("put on a random track", "Random mode=magazine"),
        ("name of this song", "NowPlaying"), ("the title of this track", "NowPlaying"),
        ("how long left on this song", "NowPlaying detail=remaining"), ("next playlist", "NextMagazine"),
        ("play my playlist road trip", "PlayMagazine magazine=Road Trip"), ("what playlist is this", "NowPlaying detail=magazine"),
        ("repeat this playlist", "Repeat mode=magazine"), ("shuffle the playlist", "Random mode=magazine"),
        ("tell me the artist", "NowPlaying detail=artist"), ("remove the cd in slot 1", "EjectDisc disc=1"), ("eject the disc from bay 4", "EjectDisc disc=4"),
        ("i don't like this album", "NextDisc"), ("resume play", "Resume"), ("a lot louder", "ChangeVolume step=up"),
        ("much quieter", "ChangeVolume step=down"), ("turn it up a lot", "ChangeVolume step=up"), ("is it muted", "GetVolume"),
        ("first disc", "PlayDisc disc=1"), ("the third disc of road trip", "PlayDisc disc=3 magazine=Road Trip"),
        ("the fourth song", "PlayTrackNumber track=4"), ("i want to hear that song again", "RestartTrack"),
        ("restart the album", "PlayTrackNumber track=1"), ("start the album over", "PlayTrackNumber track=1"),
        ("play this cd from the beginning", "PlayTrackNumber track=1"), ("go back to the start of the disc", "PlayTrackNumber track=1"),
        ("play disc 3 from the beginning", "PlayDisc disc=3"), ("restart", "RestartTrack"), ("start the song over", "RestartTrack"),
        ("forward one track", "NextTrack"), ("go forward a song", "NextTrack"), ("different song", "NextTrack"),
        ("how far into the song are we", "NowPlaying detail=elapsed"), ("how far in are we", "NowPlaying detail=elapsed"),
        ("where are we in this track", "NowPlaying detail=elapsed"),
        ("what's on disc 2", "DescribeDiscs disc=2"), ("what is in slot 4", "DescribeDiscs disc=4"),
        ("which cd is in bay 3", "DescribeDiscs disc=3"), ("what's disc 5 of road trip", "DescribeDiscs disc=5 magazine=Road Trip"),
        ("what's in the magazine", "DescribeDiscs"), ("what albums are loaded", "DescribeDiscs"), ("list the discs", "DescribeDiscs"),
        ("what's in road trip", "DescribeDiscs magazine=Road Trip"), ("what's next", "NowPlaying detail=next"),
        ("what song is up next", "NowPlaying detail=next"), ("how long until this song ends", "NowPlaying detail=remaining"),
        ("turn this off", "Stop"), ("how long is this album", "NowPlaying detail=disc"),
        ("how many tracks are on this cd", "NowPlaying detail=disc"), ("what track number is this", "NowPlaying"),
        ("put my music on shuffle", "Random mode=magazine"), ("shuffle road trip", "PlayMagazine magazine=Road Trip random=magazine"),
        ("play the road trip magazine on shuffle", "PlayMagazine magazine=Road Trip random=magazine"), ("what's on", "NowPlaying"), ("what is this disc", "NowPlaying"),
        ("what's on this disc", "NowPlaying detail=disc"), ("what is in the current cd", "NowPlaying detail=disc"),
        ("how long till it's over", "NowPlaying detail=remaining"), ("how long before it's done", "NowPlaying detail=remaining"),
        ("what genre is this", "NowPlaying detail=genre"), ("what kind of music is this", "NowPlaying detail=genre"),
        ("what's the genre of this song", "NowPlaying detail=genre"), ("what year is this song from", "NowPlaying detail=year"),
        ("when was this album released", "NowPlaying detail=year"), ("when did this come out", "NowPlaying detail=year"), ("i want music", "PlaySomething"),
        ("give me some tunes", "PlaySomething"), ("i need some music", "PlaySomething"),
        ("i'm bored of this song", "NextTrack"), ("enough of this track", "NextTrack"), ("what magazines do i have", "ListMagazines"),
        ("list the playlists", "ListMagazines"), ("what albums do i have", "DescribeLibrary detail=albums"),
        ("what's in my music library", "DescribeLibrary"), ("how many songs do i have", "DescribeLibrary"),
        ("which artists are in the collection", "DescribeLibrary detail=artists"), ("list all genres", "DescribeLibrary detail=genres"),
        ("play it louder", "ChangeVolume step=up"), ("what was that song", "NowPlaying detail=previous"),
        ("what did i just hear", "NowPlaying detail=previous"), ("play any song", "PlaySomething"), ("name of the artist", "NowPlaying detail=artist"), ("jump to 2 minutes", "Seek at=120 direction=forward"),
        ("rewind to 30 seconds", "Seek at=30 direction=backward"), ("play it from the 1 minute mark", "Seek at=60 direction=forward"), ("stop after this song", "StopAfterTrack"),
        ("stop the music when this track ends", "StopAfterTrack"), ("this is the last song", "StopAfterTrack"),
        ("don't stop after this song", "StopAfterTrack mode=off"), ("keep playing after this track", "StopAfterTrack mode=off"),
        // Other assistants' wake words, and music services named out of habit.
        ("alexa play music", "PlaySomething"), ("ok google, pause", "Pause"), ("okay google skip this song", "NextTrack"),
        ("hey player, next song", "NextTrack"), ("computer stop", "Stop"), ("next song on spotify", "NextTrack"),
        ("play road trip on spotify", "PlayMagazine magazine=Road Trip"), ("turn it up on youtube music", "ChangeVolume step=up"),
        // Everyday phrasings of 2026-12-07 (typed, not heard).
        ("play something else", "NextDisc"), ("play something different", "NextDisc"), ("put on some other music", "NextDisc"),
        ("back to the last album", "PreviousDisc"), ("go back to the album before", "PreviousDisc"), ("put the last cd back on", "PreviousDisc"),
        ("play the one before", "PreviousTrack"), ("play this album again", "PlayTrackNumber track=1"), ("who's this by", "NowPlaying detail=artist"),
        ("which album is this from", "NowPlaying"), ("what album is this song on", "NowPlaying"), ("what's coming up next", "NowPlaying detail=next"),
        ("how much longer is this song", "NowPlaying detail=remaining"), ("when does this song end", "NowPlaying detail=remaining"),
        ("how long till the next song", "NowPlaying detail=remaining"), ("finish this song and stop", "StopAfterTrack"),
        ("play this one then stop", "StopAfterTrack"), ("after this song turn it off", "StopAfterTrack"), ("this is the last one", "StopAfterTrack"),
        ("which magazines are loaded", "ListMagazines"), ("show me my music", "DescribeLibrary"), ("what can you play", "DescribeLibrary"),
        ("blast the music", "ChangeVolume step=up"), ("turn it down low", "ChangeVolume step=down"), ("put the volume on ten", "SetVolume volume=10"),
        ("bring the sound back", "Unmute"), ("start it back up", "Resume"), ("keep playing this album", "Repeat mode=disc"),
        ("play a bit of each song", "Scan"), ("play a random album", "PlayRandomDisc"), ("pick an album for me", "PlayRandomDisc"),
        ("surprise me with a cd", "PlayRandomDisc"), ("just play whichever disc", "PlayRandomDisc"), ("put on whatever cd you like", "PlayRandomDisc"), ("put on a random disc", "PlayRandomDisc"), ("play a random song", "Random mode=magazine"),
        ("pick an album", "needsValue PlayDisc disc"), ("change magazine to road trip", "PlayMagazine magazine=Road Trip"),
        ("put the road trip magazine in", "PlayMagazine magazine=Road Trip"),
        // Times as on a clock, volume levels and a short mute (typed, not heard).
        ("go to 3 minutes 20", "Seek at=200 direction=forward"), ("jump to one minute thirty", "Seek at=90 direction=forward"),
        ("skip to 2:45", "Seek at=165 direction=forward"), ("rewind 1:30", "Seek direction=backward seconds=90"),
        ("back 1 1", "PreviousTrack"), ("volume to level five please", "SetVolume volume=5"), ("make volume number 4", "SetVolume volume=4"),
        ("put the volume at about half", "SetVolume volume=50"), ("set the volume to around 30", "SetVolume volume=30"),
        ("silence the music for a moment please", "Mute"), ("mute it for a sec", "Mute"),
        ("louder by 10", "ChangeVolume amount=10 step=up"), ("quieter by 20", "ChangeVolume amount=20 step=down"),
    ]

    @Test("A natural phrasing resolves to the expected intent and parameters", arguments: phrasings)
    func phrasing(sentence: String, expected: String) {
        #expect(describe(Self.registry.resolve(sentence, mode: .inApp)) == expected, "\(sentence)")
    }

    @Test("The list is large enough to mean something")
    func listSize() {
        #expect(Self.phrasings.count >= 150)
    }
}
