import CPocketSphinx
import Glibc

/// The phone loop's own acoustic model: the installed model cut down to its base phones.
///
/// The phone loop scores only the base phones (`-allphone_ci yes`: 42 phones, 126 senones), yet a
/// decoder of the installed model maps its whole model definition (137,053 triphones) and its
/// mixture weights for all 5,126 senones, and every turn reads every page of those weights
/// (1.9 MB): a semi-continuous model keeps each codeword's weights for all senones side by side.
/// This model has only the base phones' lines of the model definition (in the text format,
/// written by PocketSphinx's own `bin_mdef_write_text`) and their senones' weights, which are the
/// first of each codeword's row (48 KB); means, variances and transition matrices stay the
/// installed model's (`-hmm`), so the phone loop scores exactly as on the whole model
/// (docs/voice.md, "Speed and memory").
///
/// Its files live in a temporary folder only until the decoder has started: PocketSphinx reads
/// the text model definition whole and maps the weights, which stay mapped after `remove()`.
struct BasePhoneModel {
    /// The temporary folder holding `mdef` and `sendump`.
    let folder: String

    /// The decoder options that use this model's files instead of the installed ones.
    var options: DecoderOptions {
        DecoderOptions([("-mdef", folder + "/mdef"), ("-sendump", folder + "/sendump")])
    }

    /// Cuts `model`'s acoustic model down to its base phones; nil when the model is not one this
    /// can cut (its base phones' senones are not the first, or its weights are compressed or laid
    /// out otherwise), when a file cannot be read or written: the phone loop then uses the whole
    /// model, as before.
    init?(of model: ModelPaths) {
        LibraryLog.begin()   // bin_mdef_read logs as it reads
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/cdchanger-phones-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let definition = Self.baseModelDefinition(of: model.acousticModel + "/mdef", scratch: folder + "/whole-mdef"),
              FileBytes.write(Array(definition.text.utf8), to: folder + "/mdef"),
              let weights = Self.baseMixtureWeights(of: model.acousticModel + "/sendump", senones: definition.senones, of: definition.allSenones),
              FileBytes.write(weights, to: folder + "/sendump")
        else {
            remove()
            return nil
        }
    }

    /// Deletes the files and the folder.
    func remove() {
        for name in ["mdef", "sendump", "whole-mdef"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// The text model definition of the base phones alone, from the model definition at `path`
    /// written out as text to `scratch` (deleted after); with the count of their senones and of
    /// all the model's. Nil unless every base phone's senones are among the first
    /// `n_tied_ci_state`, which is what lets their weights be cut from the front of each row.
    static func baseModelDefinition(of path: String, scratch: String) -> (text: String, senones: Int, allSenones: Int)? {
        defer { unlink(scratch) }
        guard cdc_write_model_definition_text(path, scratch) == 0, let start = FileBytes.read(scratch, limit: 65_536) else { return nil }
        var lines = String(decoding: start, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()   // possibly cut short
        var counts: [String: Int] = [:]
        var index = 0
        guard index < lines.count, Double(lines[index]) != nil else { return nil }   // the format version
        index += 1
        while index < lines.count, !lines[index].hasPrefix("#") {
            let fields = lines[index].split(separator: " ")
            guard fields.count == 2, let value = Int(fields[0]) else { return nil }
            counts[String(fields[1])] = value
            index += 1
        }
        let comments = lines[index...].prefix { $0.hasPrefix("#") }
        index += comments.count
        guard let bases = counts["n_base"], let senones = counts["n_tied_ci_state"], let allSenones = counts["n_tied_state"],
              let matrices = counts["n_tied_tmat"], bases > 0, index + bases <= lines.count else { return nil }
        // "base lft rt p attrib tmat state… N": a base phone has no contexts and its own states.
        var stateCount: Int?
        var phoneLines: [String] = []
        for line in lines[index..<(index + bases)] {
            let fields = line.split(separator: " ")
            guard fields.count >= 8, fields[1] == "-", fields[2] == "-", fields[3] == "-", fields.last == "N",
                  let matrix = Int(fields[5]), matrix < matrices else { return nil }
            let states = fields[6..<(fields.count - 1)].compactMap { Int($0) }
            guard states.count == fields.count - 7, states.allSatisfy({ $0 >= 0 && $0 < senones }),
                  stateCount == nil || stateCount == states.count else { return nil }
            stateCount = states.count
            phoneLines.append(line)
        }
        guard let stateCount else { return nil }
        let header = [
            lines[0],
            "\(bases) n_base", "0 n_tri", "\(bases * (stateCount + 1)) n_state_map",
            "\(senones) n_tied_state", "\(senones) n_tied_ci_state", "\(matrices) n_tied_tmat",
        ]
        return ((header + comments + phoneLines).joined(separator: "\n") + "\n", senones, allSenones)
    }

    /// The mixture weights file at `path` with only the first `senones` of each codeword's row of
    /// `allSenones`. The format: a header of length-prefixed strings ending with a zero length
    /// ("cluster_count 0", "feature_count 3"…), the codeword and senone counts, then one byte per
    /// senone for each codeword of each feature stream. Nil for anything else (compressed
    /// weights, another byte order, counts that do not match the file's size).
    static func baseMixtureWeights(of path: String, senones: Int, of allSenones: Int) -> [UInt8]? {
        guard let bytes = FileBytes.read(path) else { return nil }
        func integer(at offset: Int) -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            return Int(Int32(littleEndian: bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        }
        var offset = 0
        var features = 1, clusters = 0
        while true {
            guard let length = integer(at: offset), length >= 0, length < 4096 else { return nil }
            offset += 4
            if length == 0 { break }
            guard offset + length <= bytes.count else { return nil }
            let text = String(decoding: bytes[offset..<offset + length].prefix { $0 != 0 }, as: UTF8.self)
            let fields = text.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) {
                if fields[0] == "feature_count" { features = value }
                if fields[0] == "cluster_count" { clusters = value }
            }
            offset += length
        }
        guard clusters == 0, features > 0, let codewords = integer(at: offset), codewords > 0,
              integer(at: offset + 4) == allSenones, senones <= allSenones else { return nil }
        let dataStart = offset + 8
        let rows = features * codewords
        guard bytes.count - dataStart == rows * allSenones else { return nil }
        var result = Array(bytes[..<(offset + 4)])
        withUnsafeBytes(of: Int32(senones).littleEndian) { result.append(contentsOf: $0) }
        result.reserveCapacity(result.count + rows * senones)
        for row in 0..<rows {
            let start = dataStart + row * allSenones
            result.append(contentsOf: bytes[start..<(start + senones)])
        }
        return result
    }
}
