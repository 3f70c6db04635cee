/// What a client may do: read the library, or also write reading state (the place it stopped,
/// bookmarks). On a shared library the role the server connected with decides beyond that.
public enum ClientRights: String, Sendable, Comparable {
    case read
    case edit

    public static func < (lhs: ClientRights, rhs: ClientRights) -> Bool { lhs == .read && rhs == .edit }
}

/// The tokens the server takes: the editor's (`--token-file`), and one that only reads
/// (`--reader-token-file`), for people the library is lent to.
public struct AccessPolicy: Sendable {
    public var editor: AccessToken?
    public var reader: AccessToken?

    public init(editor: AccessToken?, reader: AccessToken?) {
        self.editor = editor
        self.reader = reader
    }

    public var requiresToken: Bool { editor != nil || reader != nil }

    /// The rights an Authorization header gives; nil when it carries no token of this server.
    /// Without tokens every client (on this machine) has every right.
    public func rights(authorization: String?) -> ClientRights? {
        guard requiresToken else { return .edit }
        // Both compared, whichever matches, so that the time taken says nothing of which one did.
        let isEditor = editor?.admits(authorization: authorization) ?? false
        let isReader = reader?.admits(authorization: authorization) ?? false
        return isEditor ? .edit : isReader ? .read : nil
    }
}
