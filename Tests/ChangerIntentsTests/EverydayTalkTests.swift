import ChangerIntents
import ChangerKit
import IntentKit
import Testing

@Suite("The way people talk, carried out")
struct EverydayTalkTests {
    typealias Rig = PerformerTests.Rig

    @Test("Restarting means this track from the start, not the previous one")
    func restart() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        _ = rig.say("next song")
        rig.fixture.engine.heardSeconds = 42
        for sentence in ["restart this song", "start over", "play it again", "from the beginning", "play this song from the start"] {
            rig.fixture.engine.heardSeconds = 42
            #expect(rig.say(sentence) == IntentOutcome(response: "From the start: track 2, A2."), "\(sentence)")
            #expect(rig.fixture.engine.seeks.last == 0)
            #expect(rig.fixture.playing == "A2")
        }
    }

    @Test("Skipping and going back by a number of tracks")
    func counts() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        #expect(rig.say("skip two songs") == IntentOutcome(response: "Track 3, A3."))
        rig.fixture.engine.heardSeconds = 50
        #expect(rig.say("go back two tracks") == IntentOutcome(response: "Track 1, A1."))
    }

    @Test("Seeking by an amount said in seconds or minutes")
    func seekAmounts() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        #expect(rig.say("skip ahead 30 seconds") == IntentOutcome(response: "Forward 30 seconds."))
        #expect(rig.fixture.engine.seeks.last == 30)
        #expect(rig.say("go back 15 seconds") == IntentOutcome(response: "Back 15 seconds."))
        #expect(rig.fixture.engine.seeks.last == 15)
        #expect(rig.say("rewind a minute") == IntentOutcome(response: "Back 60 seconds."))
        #expect(rig.fixture.engine.seeks.last == 0)
    }

    @Test("Seeking to a time in the track, forward or back; past its end is refused in words")
    func seekToATime() throws {
        let rig = try Rig()
        #expect(rig.say("jump to 1 minute") == IntentOutcome(response: "Nothing is playing.", succeeded: false))
        _ = rig.say("play disc 1")
        rig.fixture.engine.heardSeconds = 80
        #expect(rig.say("go to the 45 second mark") == IntentOutcome(response: "To 0:45."))
        #expect(rig.fixture.engine.seeks.last == 45)
        #expect(rig.say("skip to 1 minute 30 seconds") == IntentOutcome(response: "To 1:30."))
        #expect(rig.fixture.engine.seeks.last == 90)
        #expect(rig.say("start the song at 30 seconds") == IntentOutcome(response: "To 0:30."))
        #expect(rig.fixture.engine.seeks.last == 30)
        #expect(rig.say("rewind to 10 seconds") == IntentOutcome(response: "To 0:10."))
        #expect(rig.say("jump to 2 minutes") == IntentOutcome(response: "A1 is only 1:40 long.", succeeded: false))
        #expect(rig.fixture.engine.seeks.last == 10, "nothing moved")
        #expect(rig.fixture.playing == "A1")
    }

    @Test("Volume: absolute, relative by an amount, clamped with a reply, and asked")
    func volume() throws {
        let rig = try Rig()
        #expect(rig.say("turn the volume down to 20") == IntentOutcome(response: "Volume 20%."))
        #expect(rig.say("turn it up 10") == IntentOutcome(response: "Volume 30%."))
        #expect(rig.say("increase the volume by 15 percent") == IntentOutcome(response: "Volume 45%."))
        #expect(rig.say("a bit quieter") == IntentOutcome(response: "Volume 35%."))
        #expect(rig.say("volume 110") == IntentOutcome(response: "Volume 100%, the most there is."))
        #expect(rig.changer.settings.volume == 100)
        #expect(rig.say("louder") == IntentOutcome(response: "The volume is already at the most, 100%."))
        #expect(rig.say("what's the volume") == IntentOutcome(response: "The volume is 100%."))
        _ = rig.say("mute")
        #expect(rig.say("how loud is it") == IntentOutcome(response: "Muted (the volume is 100% when the sound is back on)."))
    }

    @Test("Scan on and off as asked, never toggled the wrong way")
    func scan() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        #expect(rig.say("stop scanning") == IntentOutcome(response: "Scan is off."))
        #expect(!rig.changer.isScanning)
        #expect(rig.say("start scanning") == IntentOutcome(response: "Scanning: 10 seconds of each track."))
        #expect(rig.say("scan on") == IntentOutcome(response: "Already scanning."))
        #expect(rig.say("no more scanning").response.hasPrefix("Scan off."))
        #expect(!rig.changer.isScanning)
        #expect(rig.changer.transport == .playing)
    }

    @Test("Questions about the track and the magazine")
    func questions() throws {
        let rig = try Rig()
        #expect(rig.say("how long is this song") == IntentOutcome(response: "Nothing is playing."))
        #expect(rig.say("which magazine is this") == IntentOutcome(response: "Magazine One (magazine 1 of 1) is selected; nothing is playing."))
        _ = rig.say("play disc 3")
        rig.fixture.engine.heardSeconds = 42
        #expect(rig.say("how long is this song") == IntentOutcome(response: "B1 is 1:40 long; 0:42 played."))
        #expect(rig.say("how much time is left") == IntentOutcome(response: "0:58 left of B1."))
        #expect(rig.say("how far into the song are we") == IntentOutcome(response: "0:42 into B1; 0:58 left."))
        #expect(rig.say("how many songs are on this album") == IntentOutcome(response: "Disc 3, B by Artist: 2 tracks, 3:20; track 1 is playing."))
        #expect(rig.say("which magazine is this") == IntentOutcome(response: "This is Magazine One (magazine 1 of 1), disc 3."))
    }

    @Test("Who sings this: the track's artist and its album, said short")
    func whoSingsThis() throws {
        let rig = try Rig()
        #expect(rig.say("who sings this") == IntentOutcome(response: "Nothing is playing."))
        _ = rig.say("play disc 3")
        for sentence in ["who sings this", "who's this by", "what band is this", "tell me the artist", "who is this"] {
            #expect(rig.say(sentence) == IntentOutcome(response: "B1 is by Artist, from B."), "\(sentence)")
        }
        #expect(rig.say("what song is this").response.hasPrefix("Playing disc 3, B by Artist: track 1, B1"), "the whole line for the song")
    }

    @Test("What comes next: the next track, on the next disc when this one ends, the same one on repeat")
    func whatsNext() throws {
        let rig = try Rig()
        #expect(rig.say("what's next") == IntentOutcome(response: "Nothing is playing."))
        _ = rig.say("play disc 3")
        #expect(rig.say("what's next") == IntentOutcome(response: "Next: track 2, B2."))
        _ = rig.say("next song")
        #expect(rig.say("what song is next") == IntentOutcome(response: "Next: disc 5, C, track 1, C1."))
        _ = rig.say("repeat this song")
        #expect(rig.say("what's coming up") == IntentOutcome(response: "This track again, B2 (repeat is on)."))
        _ = rig.say("play the final disc")
        _ = rig.say("repeat off")
        #expect(rig.say("what's up next") == IntentOutcome(response: "Nothing: playback stops after this track."))
    }

    @Test("Stop after this song: said, asked about, cancelled; nothing to stop after when stopped")
    func stopAfterThisSong() throws {
        let rig = try Rig()
        #expect(rig.say("stop after this song") == IntentOutcome(response: "Nothing is playing.", succeeded: false))
        _ = rig.say("play disc 1")
        #expect(rig.say("stop after this song") == IntentOutcome(response: "Stopping after this track: track 1, A1."))
        #expect(rig.say("what's next") == IntentOutcome(response: "Nothing: playback stops after this track."))
        #expect(rig.say("keep playing after this track") == IntentOutcome(response: "Playback goes on after this track."))
        #expect(rig.say("what's next") == IntentOutcome(response: "Next: track 2, A2."))
        #expect(rig.say("make this the last song") == IntentOutcome(response: "Stopping after this track: track 1, A1."))
        rig.fixture.engine.finishTrack(rig.changer)
        #expect(rig.changer.transport == .stopped)
        #expect(rig.say("play") == IntentOutcome(response: "Resuming disc 1, A, track 2, A2."))
    }

    @Test("“What was that song”: the track heard before this one, or the one that ended or was stopped")
    func previousSong() throws {
        let rig = try Rig()
        #expect(rig.say("what was that song") == IntentOutcome(response: "Nothing has been heard before this."))
        _ = rig.say("play disc 1")
        _ = rig.say("restart this song")
        #expect(rig.say("what was the last song") == IntentOutcome(response: "Nothing has been heard before this."), "a restart leaves nothing")
        rig.fixture.engine.finishTrack(rig.changer)
        #expect(rig.fixture.playing == "A2")
        #expect(rig.say("what was that song") == IntentOutcome(response: "That was A1 by Artist: disc 1, A, track 1."))
        _ = rig.say("next song")
        #expect(rig.say("what did i just hear") == IntentOutcome(response: "That was A2 by Artist: disc 1, A, track 2."))
        _ = rig.say("play disc 3")
        #expect(rig.say("what song was playing before this") == IntentOutcome(response: "That was A3 by Artist: disc 1, A, track 3."))
        _ = rig.say("stop")
        #expect(rig.say("what was that song") == IntentOutcome(response: "That was B1 by Artist: disc 3, B, track 1."))
    }

    @Test("Which magazines there are: each with its disc count, the one playing or on show marked")
    func listMagazines() throws {
        let rig = try LibraryRig()
        for sentence in ["what magazines do i have", "list my magazines", "how many magazines are there"] {
            #expect(rig.say(sentence) == "2 magazines: Magazine One (3 discs, current) and Magazine Two (6 discs).", "\(sentence)")
        }
        _ = rig.say("play the album something")
        #expect(rig.say("which playlists can i play") == "2 magazines: Magazine One (3 discs) and Magazine Two (6 discs, playing).")
        _ = rig.say("eject disc 1")
        #expect(rig.say("tell me all the magazines") == "2 magazines: Magazine One (3 discs) and Magazine Two (5 discs, playing).")
    }

    @Test("What is loaded: the magazine slot by slot, or one disc with its artist, tracks and length")
    func whatsLoaded() throws {
        let rig = try Rig()
        #expect(rig.say("what's in the magazine") == IntentOutcome(response: "Magazine One holds 1 A, 2 empty, 3 B, 4 missing, 5 C, 6 empty."))
        #expect(rig.say("what's on disc 3") == IntentOutcome(response: "Disc 3 of Magazine One is B by Artist: 2 tracks, 3:20."))
        #expect(rig.say("what's in slot two") == IntentOutcome(response: "Slot 2 of Magazine One is empty."))
        #expect(rig.say("which album is in slot 4").response.hasPrefix("Disc 4 is missing: its folder "))
        #expect(rig.say("what's in slot 9") == IntentOutcome(response: "Magazine One has no disc 9; it has 6 slots.", succeeded: false))
        #expect(rig.say("what's in Magazine One").response.hasPrefix("Magazine One holds 1 A, "))
        #expect(rig.changer.transport == .stopped)
    }

    @Test("Tracks, magazines and the last disc by number")
    func numbers() throws {
        let rig = try Rig()
        #expect(rig.say("play track 2") == IntentOutcome(response: "Playing disc 1, A, track 2, A2."))
        #expect(rig.say("play track two of disc three") == IntentOutcome(response: "Playing disc 3, B, track 2, B2."))
        #expect(rig.say("play the third track") == IntentOutcome(response: "Disc 3 has 2 tracks; there is no track 3.", succeeded: false))
        #expect(rig.say("restart the album") == IntentOutcome(response: "Playing disc 3, B."))
        #expect(rig.fixture.playing == "B1")
        #expect(rig.say("play the final disc") == IntentOutcome(response: "The last disc: disc 5, C."))
        #expect(rig.say("go to magazine two") == IntentOutcome(response: "There is no magazine 2; the rack holds 1 magazine.", succeeded: false))
        #expect(rig.say("switch to the first magazine") == IntentOutcome(response: "Playing Magazine One: disc 1, A."))
    }

    @Test("“Play” alone resumes, or plays something")
    func playAlone() throws {
        let rig = try Rig()
        #expect(rig.say("play") == IntentOutcome(response: "Playing disc 1, A."))
        _ = rig.say("pause")
        #expect(rig.say("play it") == IntentOutcome(response: "Resuming disc 1, A."))
    }
}
