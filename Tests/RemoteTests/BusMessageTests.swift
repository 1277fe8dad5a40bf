import CDBus
import Testing
@testable import Remote

/// Values written with `DBusMessageIter` read back as the same values, through libdbus's own
/// marshalling (no bus needed).
@Suite struct BusMessageTests {
    static let samples: [DBusValue] = [
        .byte(200), .boolean(true), .boolean(false), .int32(-42), .uint32(42), .int64(-9_000_000_000), .uint64(18_000_000_000_000_000_000),
        .double(0.25), .string(""), .string("Ünïcödé 💿 \"quoted\""), .objectPath("/org/cdchanger/Track/t1"), .signature("a{sv}"),
        .strings([]), .strings(["The Drivers", "Guest"]),
        .dictionary([]),
        .dictionary([("xesam:title", .string("Opening")), ("mpris:length", .int64(200_000_000)), ("xesam:artist", .strings(["A"]))]),
        .variant(.variant(.int32(7))),
        .structure([.string("a"), .int32(1)]),
        .array(elementSignature: "ai", [.array(elementSignature: "i", [.int32(1), .int32(2)]), .array(elementSignature: "i", [])]),
    ]

    @Test(arguments: samples)
    func aValueSurvivesMarshalling(_ value: DBusValue) throws {
        let message = try #require(dbus_message_new_method_call("org.example.Dest", "/org/example", "org.example.Iface", "Method"))
        let call = BusMessage(owning: message)
        #expect(call.append([value, .string("after")]))
        // Marshal to bytes and back, as a trip over the bus would (a sent message has a serial).
        dbus_message_set_serial(call.pointer, 1)
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        #expect(dbus_message_marshal(call.pointer, &bytes, &length) != 0)
        defer { dbus_free(bytes) }
        let copy = try #require(dbus_message_demarshal(bytes, length, nil))
        #expect(BusMessage(owning: copy).arguments() == [value, .string("after")])
    }

    @Test func nulCharactersAreDroppedFromStrings() throws {
        let call = BusMessage(owning: try #require(dbus_message_new_signal("/a", "org.example.I", "S")))
        #expect(call.append([.string("a\0b")]))
        #expect(call.arguments() == [.string("ab")])
    }

    @Test(arguments: ["", "relative", "/trailing/", "/double//slash", "/bad-char"])
    func anInvalidObjectPathIsRefusedInsteadOfAborting(_ path: String) throws {
        let call = BusMessage(owning: try #require(dbus_message_new_signal("/a", "org.example.I", "S")))
        #expect(!call.append([.objectPath(path)]))
    }

    @Test func signaturesDescribeTheValues() {
        #expect(DBusValue.dictionary([]).signature == "a{sv}")
        #expect(DBusValue.strings([]).signature == "as")
        #expect(DBusValue.structure([.int64(1), .boolean(true)]).signature == "(xb)")
    }
}
