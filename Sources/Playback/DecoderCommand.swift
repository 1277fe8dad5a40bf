/// An item as the decoder is asked to decode it: with its decode token and starting offset.
struct DecodeJob: Sendable {
    var item: PlaybackItem
    /// Unique for every start of an item (play, seek, queue): marks its audio in the ring.
    var token: UInt64
    var offset: PlaybackOffset
}

/// What the decoder thread is told to do. Commands are applied in order.
enum DecoderCommand: Sendable {
    /// Abandon everything, decode `job`, then the `upcoming` items in order.
    case play(DecodeJob, upcoming: [DecodeJob])
    /// The queue after the current item changed: abandon the items under the `cancelled`
    /// tokens (if one is being decoded, stop it) and decode `added` after the rest.
    case replaceUpcoming(cancelled: [UInt64], added: [DecodeJob])
    /// Abandon everything and close the file.
    case stop
    /// Leave the thread.
    case shutdown
}
