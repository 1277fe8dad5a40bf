import CDBus

/// One libdbus message, released when the value goes away.
///
/// Arguments are written and read with `DBusMessageIter` (libdbus's variadic
/// `dbus_message_append_args` and `dbus_message_get_args` cannot be called from Swift).
final class BusMessage {
    let pointer: OpaquePointer

    /// Takes over a reference the caller owns (from a `dbus_message_new…` call).
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference to a message libdbus lends (in a handler).
    ///
    /// The corresponding C function is `dbus_message_ref`.
    init(borrowing pointer: OpaquePointer) {
        self.pointer = dbus_message_ref(pointer)
    }

    /// The corresponding C function is `dbus_message_unref`.
    deinit {
        dbus_message_unref(pointer)
    }

    /// A signal from `path`.
    ///
    /// The corresponding C function is `dbus_message_new_signal`.
    static func signal(path: String, interface: String, member: String) -> BusMessage? {
        dbus_message_new_signal(path, interface, member).map { BusMessage(owning: $0) }
    }

    /// An empty reply to this method call.
    ///
    /// The corresponding C function is `dbus_message_new_method_return`.
    func makeReturn() -> BusMessage? {
        dbus_message_new_method_return(pointer).map { BusMessage(owning: $0) }
    }

    /// An error reply to this method call.
    ///
    /// The corresponding C function is `dbus_message_new_error`.
    func makeError(name: String, text: String) -> BusMessage? {
        dbus_message_new_error(pointer, name, BusMessage.clean(text)).map { BusMessage(owning: $0) }
    }

    /// The corresponding C function is `dbus_message_get_type`.
    var isMethodCall: Bool { dbus_message_get_type(pointer) == DBUS_MESSAGE_TYPE_METHOD_CALL }

    /// The corresponding C function is `dbus_message_get_no_reply`.
    var expectsReply: Bool { dbus_message_get_no_reply(pointer) == 0 }

    /// The corresponding C function is `dbus_message_get_interface`.
    var interface: String? { dbus_message_get_interface(pointer).map { String(cString: $0) } }

    /// The corresponding C function is `dbus_message_get_member`.
    var member: String? { dbus_message_get_member(pointer).map { String(cString: $0) } }

    /// The corresponding C function is `dbus_message_get_path`.
    var path: String? { dbus_message_get_path(pointer).map { String(cString: $0) } }

    /// Appends `values` as the message's arguments; false if one could not be written
    /// (out of memory, or an invalid object path).
    ///
    /// The corresponding C function is `dbus_message_iter_init_append`.
    func append(_ values: [DBusValue]) -> Bool {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iterator)
        for value in values {
            guard BusMessage.append(value, to: &iterator) else { return false }
        }
        return true
    }

    /// The message's arguments, or nil if one has a type this reader does not know.
    ///
    /// The corresponding C functions are `dbus_message_iter_init` and `dbus_message_iter_next`.
    func arguments() -> [DBusValue]? {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            guard let value = BusMessage.read(&iterator) else { return nil }
            values.append(value)
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }

    // MARK: - Writing

    /// The corresponding C functions are `dbus_message_iter_append_basic`,
    /// `dbus_message_iter_open_container` and `dbus_message_iter_close_container`.
    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) -> Bool {
        switch value {
        case .byte(var byte): return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_BYTE, &byte) != 0
        case .boolean(let flag):
            var bool: dbus_bool_t = flag ? 1 : 0
            return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_BOOLEAN, &bool) != 0
        case .int32(var number): return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_INT32, &number) != 0
        case .uint32(var number): return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_UINT32, &number) != 0
        case .int64(var number): return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_INT64, &number) != 0
        case .uint64(var number): return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_UINT64, &number) != 0
        case .double(var number): return dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_DOUBLE, &number) != 0
        case .string(let text): return appendText(clean(text), type: CDBUS_TYPE_STRING, to: &iterator)
        case .objectPath(let path):
            guard dbus_validate_path(path, nil) != 0 else { return false }
            return appendText(path, type: CDBUS_TYPE_OBJECT_PATH, to: &iterator)
        case .signature(let signature):
            guard dbus_signature_validate(signature, nil) != 0 else { return false }
            return appendText(signature, type: CDBUS_TYPE_SIGNATURE, to: &iterator)
        case .array(let element, let items):
            return appendContainer(CDBUS_TYPE_ARRAY, signature: element, items, to: &iterator)
        case .dictEntry(let key, let entry):
            return appendContainer(CDBUS_TYPE_DICT_ENTRY, signature: nil, [key, entry], to: &iterator)
        case .structure(let fields):
            return appendContainer(CDBUS_TYPE_STRUCT, signature: nil, fields, to: &iterator)
        case .variant(let inner):
            return appendContainer(CDBUS_TYPE_VARIANT, signature: inner.signature, [inner], to: &iterator)
        }
    }

    /// libdbus takes a string argument as a pointer to a `const char *`.
    private static func appendText(_ text: String, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(&iterator, type, &pointer) != 0
        }
    }

    private static func appendContainer(
        _ type: Int32, signature: String?, _ children: [DBusValue], to iterator: inout DBusMessageIter
    ) -> Bool {
        var child = DBusMessageIter()
        let opened: Bool
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &child) } != 0
        } else {
            opened = dbus_message_iter_open_container(&iterator, type, nil, &child) != 0
        }
        guard opened else { return false }
        for value in children {
            guard append(value, to: &child) else {
                dbus_message_iter_abandon_container(&iterator, &child)
                return false
            }
        }
        return dbus_message_iter_close_container(&iterator, &child) != 0
    }

    /// D-Bus strings are UTF-8 without NUL characters; Swift strings are UTF-8 but may hold NULs.
    private static func clean(_ text: String) -> String {
        text.contains("\0") ? String(text.unicodeScalars.filter { $0 != "\0" }) : text
    }

    // MARK: - Reading

    /// The corresponding C functions are `dbus_message_iter_get_arg_type`,
    /// `dbus_message_iter_get_basic`, `dbus_message_iter_recurse` and `dbus_message_iter_get_signature`.
    private static func read(_ iterator: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case CDBUS_TYPE_BYTE:
            var byte: UInt8 = 0
            dbus_message_iter_get_basic(&iterator, &byte)
            return .byte(byte)
        case CDBUS_TYPE_BOOLEAN:
            var flag: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iterator, &flag)
            return .boolean(flag != 0)
        case CDBUS_TYPE_INT32:
            var number: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .int32(number)
        case CDBUS_TYPE_UINT32:
            var number: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint32(number)
        case CDBUS_TYPE_INT64:
            var number: Int64 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .int64(number)
        case CDBUS_TYPE_UINT64:
            var number: UInt64 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint64(number)
        case CDBUS_TYPE_DOUBLE:
            var number: Double = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .double(number)
        case CDBUS_TYPE_STRING, CDBUS_TYPE_OBJECT_PATH, CDBUS_TYPE_SIGNATURE:
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iterator, &pointer)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == CDBUS_TYPE_STRING ? .string(text) : type == CDBUS_TYPE_OBJECT_PATH ? .objectPath(text) : .signature(text)
        case CDBUS_TYPE_ARRAY:
            guard let signature = signature(of: &iterator), signature.hasPrefix("a") else { return nil }
            guard let items = children(of: &iterator) else { return nil }
            return .array(elementSignature: String(signature.dropFirst()), items)
        case CDBUS_TYPE_DICT_ENTRY:
            guard let pair = children(of: &iterator), pair.count == 2 else { return nil }
            return .dictEntry(pair[0], pair[1])
        case CDBUS_TYPE_STRUCT:
            return children(of: &iterator).map(DBusValue.structure)
        case CDBUS_TYPE_VARIANT:
            guard let inner = children(of: &iterator), inner.count == 1 else { return nil }
            return .variant(inner[0])
        default:
            return nil
        }
    }

    private static func children(of iterator: inout DBusMessageIter) -> [DBusValue]? {
        var child = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &child)
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&child) != CDBUS_TYPE_INVALID {
            guard let value = read(&child) else { return nil }
            values.append(value)
            dbus_message_iter_next(&child)
        }
        return values
    }

    private static func signature(of iterator: inout DBusMessageIter) -> String? {
        guard let text = dbus_message_iter_get_signature(&iterator) else { return nil }
        defer { dbus_free(text) }
        return String(cString: text)
    }
}
