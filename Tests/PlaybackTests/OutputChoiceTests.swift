import Playback
import Testing

/// `--output`, `--device` and `--fast` as the command line gives them.
@Suite("Choosing the output")
struct OutputChoiceTests {
    @Test(arguments: [
        (nil, nil, false, "alsa:default"),
        ("alsa", nil, false, "alsa:default"),
        ("alsa:", nil, false, "alsa:default"),
        ("alsa:hw:1,0", nil, false, "alsa:hw:1,0"),
        (nil, "paced", false, "alsa:paced"),
        ("alsa", "paced", false, "alsa:paced"),
        ("alsa:paced", "paced", false, "alsa:paced"),
        ("null", nil, false, "null"),
        ("null", nil, true, "null (fast)"),
        (nil, nil, true, "null (fast)"),
        ("wav:/tmp/out.wav", nil, false, "wav:/tmp/out.wav"),
        ("wav:/tmp/a:b.wav", nil, true, "wav:/tmp/a:b.wav (fast)"),
    ] as [(String?, String?, Bool, String)])
    func accepted(output: String?, device: String?, fast: Bool, expected: String) throws {
        #expect(try OutputChoice.parse(output: output, device: device, fast: fast).description == expected)
    }

    @Test(arguments: [
        ("pulse", nil, false, "Unknown output"),
        ("wav", nil, false, "needs a file"),
        ("null:x", nil, false, "takes no argument"),
        ("alsa:hw:1", "hw:2", false, "contradicts"),
        ("null", "hw:2", false, "chooses an ALSA device"),
        ("alsa", nil, true, "--fast"),
        (nil, "", false, "needs a name"),
    ] as [(String?, String?, Bool, String)])
    func rejected(output: String?, device: String?, fast: Bool, mention: String) {
        #expect {
            try OutputChoice.parse(output: output, device: device, fast: fast)
        } throws: { error in
            (error as? OutputChoiceError)?.message.contains(mention) == true
        }
    }
}
