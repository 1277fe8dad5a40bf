/// How a file with more than two channels is played on two: each channel's share of the left and
/// of the right output.
///
/// Front channels go to their side, the centre to both at −3 dB, surround and back channels to
/// their side at −3 dB (a back-centre channel to both at −6 dB), and the LFE channel is left out,
/// as ITU-R BS.775 downmixes do. Each side's coefficients are then scaled to add up to 1, so the
/// downmix can never clip, at the price of being quieter than the original. Mono goes to both
/// sides unchanged. Layouts with more than eight channels have no defined order: every channel
/// goes to both sides equally.
public struct StereoDownmix: Sendable, Equatable {
    /// The channel orders of the file formats: WAVE's (FLAC uses it) and Vorbis's (Ogg Vorbis, Opus).
    public enum Order: Sendable {
        case wave, vorbis
    }

    /// Where a channel belongs.
    private enum Position {
        case frontLeft, frontRight, centre, lfe, backLeft, backRight, sideLeft, sideRight, backCentre
    }

    /// Each input channel's share of the left output, in channel order.
    public let left: [Float]
    /// Each input channel's share of the right output.
    public let right: [Float]

    public init(channels: Int, order: Order) {
        guard channels > 1 else {
            left = [1]
            right = [1]
            return
        }
        guard let positions = StereoDownmix.layout(channels: channels, order: order) else {
            let share = 1 / Float(channels)
            left = Array(repeating: share, count: channels)
            right = left
            return
        }
        let half: Float = 0.707_106_8
        var left = positions.map { position -> Float in
            switch position {
            case .frontLeft: 1
            case .centre, .backLeft, .sideLeft: half
            case .backCentre: 0.5
            case .frontRight, .backRight, .sideRight, .lfe: 0
            }
        }
        var right = positions.map { position -> Float in
            switch position {
            case .frontRight: 1
            case .centre, .backRight, .sideRight: half
            case .backCentre: 0.5
            case .frontLeft, .backLeft, .sideLeft, .lfe: 0
            }
        }
        let leftSum = left.reduce(0, +), rightSum = right.reduce(0, +)
        left = left.map { $0 / leftSum }
        right = right.map { $0 / rightSum }
        self.left = left
        self.right = right
    }

    /// The positions of a layout's channels in the file's order (the FLAC format's and the Vorbis
    /// I specification's tables), or nil when the order is not defined.
    private static func layout(channels: Int, order: Order) -> [Position]? {
        switch (order, channels) {
        case (_, 2): [.frontLeft, .frontRight]
        case (.wave, 3): [.frontLeft, .frontRight, .centre]
        case (.wave, 4): [.frontLeft, .frontRight, .backLeft, .backRight]
        case (.wave, 5): [.frontLeft, .frontRight, .centre, .backLeft, .backRight]
        case (.wave, 6): [.frontLeft, .frontRight, .centre, .lfe, .backLeft, .backRight]
        case (.wave, 7): [.frontLeft, .frontRight, .centre, .lfe, .backCentre, .sideLeft, .sideRight]
        case (.wave, 8): [.frontLeft, .frontRight, .centre, .lfe, .backLeft, .backRight, .sideLeft, .sideRight]
        case (.vorbis, 3): [.frontLeft, .centre, .frontRight]
        case (.vorbis, 4): [.frontLeft, .frontRight, .backLeft, .backRight]
        case (.vorbis, 5): [.frontLeft, .centre, .frontRight, .backLeft, .backRight]
        case (.vorbis, 6): [.frontLeft, .centre, .frontRight, .backLeft, .backRight, .lfe]
        case (.vorbis, 7): [.frontLeft, .centre, .frontRight, .sideLeft, .sideRight, .backCentre, .lfe]
        case (.vorbis, 8): [.frontLeft, .centre, .frontRight, .sideLeft, .sideRight, .backLeft, .backRight, .lfe]
        default: nil
        }
    }
}
