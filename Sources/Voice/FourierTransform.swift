import Glibc

/// An in-place radix-2 fast Fourier transform of one power-of-two size, its twiddle factors and
/// bit-reversal order computed once.
public struct FourierTransform: Sendable {
    public let size: Int
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    /// `size` must be a power of two, at least 2.
    public init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FourierTransform size must be a power of two")
        self.size = size
        cosines = (0..<size / 2).map { cos(-2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<size / 2).map { sin(-2 * Double.pi * Double($0) / Double(size)) }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { index in
            var result = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { result |= 1 << (bits - 1 - bit) }
            return result
        }
    }

    /// Transforms (`real`, `imaginary`) in place: X[k] = Σ x[n] e^(−2πikn/N), or with `inverse`
    /// x[n] = (1/N) Σ X[k] e^(2πikn/N).
    public func transform(real: inout [Double], imaginary: inout [Double], inverse: Bool = false) {
        precondition(real.count == size && imaginary.count == size)
        for index in 0..<size where reversed[index] > index {
            real.swapAt(index, reversed[index])
            imaginary.swapAt(index, reversed[index])
        }
        let direction = inverse ? -1.0 : 1.0
        var length = 2
        while length <= size {
            let half = length / 2
            let stride = size / length
            var start = 0
            while start < size {
                for offset in 0..<half {
                    let twiddleReal = cosines[offset * stride]
                    let twiddleImaginary = direction * sines[offset * stride]
                    let top = start + offset, bottom = top + half
                    let productReal = real[bottom] * twiddleReal - imaginary[bottom] * twiddleImaginary
                    let productImaginary = real[bottom] * twiddleImaginary + imaginary[bottom] * twiddleReal
                    real[bottom] = real[top] - productReal
                    imaginary[bottom] = imaginary[top] - productImaginary
                    real[top] += productReal
                    imaginary[top] += productImaginary
                }
                start += length
            }
            length *= 2
        }
        if inverse {
            let scale = 1 / Double(size)
            for index in 0..<size {
                real[index] *= scale
                imaginary[index] *= scale
            }
        }
    }
}
