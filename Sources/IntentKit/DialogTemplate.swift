/// Spoken or shown text with parameter slots, checked at registration and rendered with real names.
///
/// Syntax: plain text, `{name}` for a parameter's display name, and `[ … ]` for a part that is
/// spoken only when every slot inside it is bound. `"Playing disc {disc}[ of {magazine}]."`
/// renders as "Playing disc 3." or "Playing disc 3 of Road Trip.". A slot of an optional
/// parameter must sit inside `[ … ]`, so rendering can never leave a slot unfilled.
public struct DialogTemplate: Sendable, Hashable {
    indirect enum Segment: Sendable, Hashable {
        case text(String)
        case slot(String)
        case optional([Segment])
    }

    /// The template as written.
    public let source: String
    let segments: [Segment]

    /// Parses `source`; the error text says what is wrong.
    public init(_ source: String) throws(DialogTemplateError) {
        self.source = source
        var scalars = Array(source.unicodeScalars)[...]
        segments = try DialogTemplate.parse(&scalars, source: source, closing: nil)
    }

    private init(source: String, segments: [Segment]) {
        self.source = source
        self.segments = segments
    }

    /// A template that renders as empty text.
    static let empty = DialogTemplate(source: "", segments: [])

    /// Parameter names referenced anywhere, and those outside any `[ … ]`.
    var slotNames: (all: [String], unconditional: [String]) {
        var all: [String] = []
        var unconditional: [String] = []
        func visit(_ segments: [Segment], optional: Bool) {
            for segment in segments {
                switch segment {
                case .text: break
                case .slot(let name):
                    all.append(name)
                    if !optional { unconditional.append(name) }
                case .optional(let inner): visit(inner, optional: true)
                }
            }
        }
        visit(segments, optional: false)
        return (all, unconditional)
    }

    /// The text with every slot filled from `invocation`; parts with an unbound slot are left out.
    public func render(_ invocation: IntentInvocation) -> String {
        DialogTemplate.render(segments, invocation) ?? ""
    }

    private static func render(_ segments: [Segment], _ invocation: IntentInvocation) -> String? {
        var output = ""
        for segment in segments {
            switch segment {
            case .text(let text): output += text
            case .slot(let name):
                guard let value = invocation[name] else { return nil }
                output += value.displayName
            case .optional(let inner):
                output += render(inner, invocation) ?? ""
            }
        }
        return output
    }

    private static func parse(_ scalars: inout ArraySlice<Unicode.Scalar>, source: String, closing: Unicode.Scalar?) throws(DialogTemplateError) -> [Segment] {
        var segments: [Segment] = []
        var text = String.UnicodeScalarView()
        func flushText() {
            if !text.isEmpty { segments.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "{":
                flushText()
                var name = String.UnicodeScalarView()
                while let next = scalars.popFirst(), next != "}" { name.append(next) }
                let slot = String(name).trimmed
                guard !slot.isEmpty, slot.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }) else {
                    throw DialogTemplateError(template: source, problem: "a slot must be {parameterName}")
                }
                segments.append(.slot(slot))
            case "[":
                flushText()
                segments.append(.optional(try parse(&scalars, source: source, closing: "]")))
            case "]":
                guard closing == "]" else { throw DialogTemplateError(template: source, problem: "“]” without “[”") }
                flushText()
                return segments
            case "}":
                throw DialogTemplateError(template: source, problem: "“}” without “{”")
            default:
                text.append(scalar)
            }
        }
        if closing != nil { throw DialogTemplateError(template: source, problem: "“[” is never closed") }
        flushText()
        return segments
    }
}

/// A dialog template that cannot be parsed.
public struct DialogTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let template: String
    /// What is wrong.
    public let problem: String
    public var description: String { "Dialog “\(template)”: \(problem)." }
}

extension String {
    /// The string without leading and trailing white space.
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
