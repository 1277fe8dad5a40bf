/// Names, properties and introspection data of the MPRIS object (MPRIS D-Bus Interface
/// Specification 2.2: `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player`), and of
/// CD Changer's own `org.cdchanger.Voice` on the same object.
enum MPRISInterface {
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let root = "org.mpris.MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let peer = "org.freedesktop.DBus.Peer"
    /// CD Changer's voice prompt: `Listen`, which MPRIS has no method for.
    static let voice = "org.cdchanger.Voice"

    /// D-Bus error names used in replies.
    enum ErrorName {
        static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        /// `Listen` when voice cannot be used (no microphone, the player quitting).
        static let voiceUnavailable = "org.cdchanger.Voice.Error.Unavailable"
    }

    /// The root interface's properties, which never change while the player runs.
    static func rootProperties(identity: String, desktopEntry: String) -> [(String, DBusValue)] {
        [
            ("CanQuit", .boolean(true)),
            ("CanRaise", .boolean(false)),
            ("HasTrackList", .boolean(false)),
            ("Identity", .string(identity)),
            ("DesktopEntry", .string(desktopEntry)),
            ("SupportedUriSchemes", .strings([])),
            ("SupportedMimeTypes", .strings([])),
        ]
    }

    /// The Player interface's properties for `status`, in introspection order.
    static func playerProperties(_ status: MPRISStatus) -> [(String, DBusValue)] {
        [
            ("PlaybackStatus", .string(status.playback.rawValue)),
            ("LoopStatus", .string(status.loop.rawValue)),
            ("Rate", .double(1)),
            ("Shuffle", .boolean(status.shuffle)),
            ("Metadata", metadata(status.track)),
            ("Volume", .double(status.volume)),
            ("Position", .int64(status.positionMicroseconds)),
            ("MinimumRate", .double(1)),
            ("MaximumRate", .double(1)),
            ("CanGoNext", .boolean(status.canGoNext)),
            ("CanGoPrevious", .boolean(status.canGoPrevious)),
            ("CanPlay", .boolean(status.canPlay)),
            ("CanPause", .boolean(status.canPause)),
            ("CanSeek", .boolean(status.canSeek)),
            ("CanControl", .boolean(true)),
        ]
    }

    /// Player properties a client may set.
    static let writablePlayerProperties: Set<String> = ["LoopStatus", "Rate", "Shuffle", "Volume"]

    /// `Metadata`: empty with no track; else the track id, and what is known of the rest.
    static func metadata(_ track: MPRISTrack?) -> DBusValue {
        guard let track else { return .dictionary([]) }
        var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(track.objectPath))]
        if let length = track.lengthMicroseconds { entries.append(("mpris:length", .int64(length))) }
        entries.append(("xesam:title", .string(track.title)))
        if !track.album.isEmpty { entries.append(("xesam:album", .string(track.album))) }
        if !track.artists.isEmpty { entries.append(("xesam:artist", .strings(track.artists))) }
        if let number = track.trackNumber { entries.append(("xesam:trackNumber", .int32(Int32(clamping: number)))) }
        return .dictionary(entries)
    }

    /// The `Introspect` answer.
    static let introspectionXML = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek">
              <arg name="Offset" type="x" direction="in"/>
            </method>
            <method name="SetPosition">
              <arg name="TrackId" type="o" direction="in"/>
              <arg name="Position" type="x" direction="in"/>
            </method>
            <method name="OpenUri">
              <arg name="Uri" type="s" direction="in"/>
            </method>
            <signal name="Seeked">
              <arg name="Position" type="x"/>
            </signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="LoopStatus" type="s" access="readwrite"/>
            <property name="Rate" type="d" access="readwrite"/>
            <property name="Shuffle" type="b" access="readwrite"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="readwrite"/>
            <property name="Position" type="x" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
            </property>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
            </property>
          </interface>
          <interface name="org.cdchanger.Voice">
            <method name="Listen">
              <arg name="Heard" type="s" direction="out"/>
              <arg name="Response" type="s" direction="out"/>
              <arg name="Status" type="i" direction="out"/>
            </method>
          </interface>
        </node>

        """
}
