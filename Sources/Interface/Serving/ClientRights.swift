import BookLibrary

/// What a client may do: read the library, or also write reading state (the place it stopped,
/// bookmarks). On a shared library the role the server connected with decides beyond that.
public enum ClientRights: String, Sendable, Comparable {
    case read
    case edit

    public static func < (lhs: ClientRights, rhs: ClientRights) -> Bool { lhs == .read && rhs == .edit }
}

/// The tokens the server takes: the editor's (`--token-file`), one that only reads
/// (`--reader-token-file`), for people the library is lent to, and those stored in the library
/// (`ibook token add`), which the server looks up by their digest.
public struct AccessPolicy: Sendable {
    public var editor: AccessToken?
    public var reader: AccessToken?

    public init(editor: AccessToken?, reader: AccessToken?) {
        self.editor = editor
        self.reader = reader
    }

    /// Whether a token was given from a file or the environment.
    public var requiresToken: Bool { editor != nil || reader != nil }

    /// The rights an Authorization header gives; nil when it carries no token of this server.
    /// Without tokens (none given, `storedTokens` false) every client (on this machine) has
    /// every right. `lookUp` gives a stored token's rights.
    public func rights(authorization: String?, storedTokens: Bool = false,
                       lookUp: (String) -> ClientRights? = { _ in nil }) -> ClientRights? {
        guard requiresToken || storedTokens else { return .edit }
        // Both compared, whichever matches, so that the time taken says nothing of which one did.
        let isEditor = editor?.admits(authorization: authorization) ?? false
        let isReader = reader?.admits(authorization: authorization) ?? false
        if isEditor { return .edit }
        if isReader { return .read }
        guard storedTokens, let offered = AccessToken.offered(in: authorization) else { return nil }
        return lookUp(String(decoding: offered, as: UTF8.self))
    }
}

extension ClientRights {
    /// A stored token's rights: a reader's read, an editor's also write reading state.
    public init(_ rights: WebToken.Rights) {
        self = rights == .editor ? .edit : .read
    }
}
