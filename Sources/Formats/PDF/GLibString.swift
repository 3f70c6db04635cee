import CPoppler

/// Takes ownership of a `gchar*` returned by GLib or poppler, frees it, and
/// returns its text; nil for NULL or an empty string.
func takeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    let text = String(cString: pointer)
    return text.isEmpty ? nil : text
}

/// Reads and frees a GError, giving its message.
func takeGError(_ error: UnsafeMutablePointer<GError>?) -> (code: Int32, message: String)? {
    guard let error else { return nil }
    defer { g_error_free(error) }
    let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    return (error.pointee.code, message)
}
