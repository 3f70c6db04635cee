import Raster

/// A PDF's page as pixels for a thumbnail: drawn by MuPDF, or by Splash where MuPDF cannot (a file
/// it cannot open, a locked file without its password, a missing libibook-reflow.so), so that a
/// locked or damaged file is worded, and prompted for, as before.
public enum PDFPageImages {
    /// Page `page` (1-based) of the PDF at `path`, its longer side `longest` pixels (16 to 8192), on white.
    public static func image(ofPage page: Int, in path: String, longest: Int, password: String?) throws -> RasterImage {
        do {
            return try MuPDFPageRenderer().image(ofPage: page, in: path, longest: longest, password: password)
        } catch where error.isWorthAnotherEngine {
            return try PageImageRenderer().image(ofPage: page, in: path, longest: longest, password: password)
        } catch {
            guard case .tooLarge(let reason) = error else { throw PageImageError(path: path, reason: .renderFailed("\(error)")) }
            throw PageImageError(path: path, reason: .renderFailed(reason))
        }
    }
}
