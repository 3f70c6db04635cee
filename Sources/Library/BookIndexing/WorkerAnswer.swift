/// What an extraction or OCR worker answers a request with. What it read
/// is in the spool (or reply) file the request named, and so is the reason
/// a file could not be read.
enum WorkerAnswer: String, Codable {
    case done
    case unreadable
}
