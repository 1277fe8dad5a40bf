/// Times as a head unit shows them.
public enum ClockText {
    /// 75.4 → "1:15"; 3700 → "1:01:40". Negative times show as "0:00".
    public static func minutesAndSeconds(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds.rounded(.down))) : 0
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// 7 → "07".
    public static func twoDigits(_ number: Int) -> String {
        number < 10 && number >= 0 ? "0\(number)" : String(number)
    }
}
