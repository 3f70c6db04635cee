import Arguments
import BookLibrary
import Foundation
import IBookCLI
import Serving

/// `ibook serve`: the library over HTTP as OPDS catalogs, for e-reader apps and browsers.
enum ServeCommand: Command {
    enum Options {
        static let bind = ValueOption<String>("--bind", value: "address", help: "Listen on HOST:PORT (default 127.0.0.1:8080; port 0 picks a free one).")
        static let tokenFile = ValueOption<String>("--token-file", value: "file", help: "Require the access token on the first line of this file; it may also write reading state. Also $IBOOK_SERVE_TOKEN.")
        static let readerTokenFile = ValueOption<String>("--reader-token-file", value: "file", help: "Also take the token on the first line of this file, which only reads.")
        static let rateLimit = ValueOption<Int>("--rate-limit", value: "n", in: 0...1_000_000, help: "Requests a second from one client address, in bursts of 5n; more are answered 429 (default \(standardRate); 0 for no limit).")
        static let tlsCert = ValueOption<String>("--tls-cert", value: "file", help: "Serve HTTPS with this PEM certificate (chain); needs --tls-key.")
        static let tlsKey = ValueOption<String>("--tls-key", value: "file", help: "The PEM private key of --tls-cert.")
    }

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve the library over HTTP: OPDS catalogs for e-reader apps, and a web reader for browsers, until Ctrl-C.",
        discussion: """
            OPDS 1.2 catalogs at /opds (recent, all books, by author, by tag, collections, saved searches, and search of \
            the metadata and the full text) for e-reader apps such as KOReader, Thorium or Moon+ Reader; a book's file at /books/ID/file \
            (with Range requests), its pages as PNG for apps that stream them (OPDS-PSE), and at / a web reader: \
            the shelf of covers, each book's page (contents, bookmarks, notes), its pages drawn at the browser's size, \
            and search, with the place you stopped shared with 'ibook history'. It listens on 127.0.0.1:8080, this \
            machine only, unless --bind says otherwise; an address other machines reach needs access tokens: those \
            made with 'ibook token add' (stored in the library as their SHA-256; once one exists every client needs \
            one), or one from --token-file or $IBOOK_SERVE_TOKEN (which may also record reading state and \
            bookmarks), or --reader-token-file (which only reads), sent as 'Authorization: Bearer TOKEN' or as the \
            password of HTTP Basic with any user name. Each client address may make --rate-limit requests a second (in bursts of five \
            times that). With --tls-cert and --tls-key it speaks HTTPS. It prints the address it serves at, and stops \
            on Ctrl-C or SIGTERM.
            """,
        options: [
            Options.bind.option,
            Options.tokenFile.option,
            Options.readerTokenFile.option,
            Options.rateLimit.option,
            Options.tlsCert.option,
            Options.tlsKey.option,
        ])

    static let standardRate = 100

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let address: ServeAddress
        do {
            address = try ServeAddress(arguments[Options.bind] ?? ServeAddress.standard.description)
        } catch let error as HTTPServerError {
            throw UsageError("--bind: \(error)")
        }
        let token: AccessToken?
        if let path = arguments[Options.tokenFile] {
            token = try AccessToken.read(path: path)
        } else if let text = ProcessInfo.processInfo.environment["IBOOK_SERVE_TOKEN"] {
            guard let given = AccessToken(text) else { throw HTTPServerError.emptyToken("$IBOOK_SERVE_TOKEN") }
            token = given
        } else {
            token = nil
        }
        let reader = try arguments[Options.readerTokenFile].map(AccessToken.read(path:))
        let access = AccessPolicy(editor: token, reader: reader)
        let library = try context.library()
        let storedTokens = try library.hasWebTokens()
        guard address.isLoopback || access.requiresToken || storedTokens else {
            throw UsageError("\(HTTPServerError.openToNetworkWithoutToken(address.description)): make one with 'ibook token add NAME', give --token-file FILE or $IBOOK_SERVE_TOKEN, or bind 127.0.0.1")
        }
        let rate = try arguments[Options.rateLimit] ?? standardRate
        let tls: TLSFiles?
        switch (arguments[Options.tlsCert], arguments[Options.tlsKey]) {
        case let (certificate?, key?): tls = try TLSFiles(keyPath: key, certificatePath: certificate)
        case (nil, nil): tls = nil
        case (_?, nil): throw UsageError("--tls-cert needs --tls-key, the certificate's private key")
        case (nil, _?): throw UsageError("--tls-key needs --tls-cert, the key's certificate")
        }
        // Blocked before the server's threads start, so that every one of them inherits it.
        StopSignals.block()
        let errors = Terminal(fileDescriptor: 2)
        let answering = LibraryServer(library: library, access: access, rateLimit: rate == 0 ? nil : RateLimiter(perSecond: rate)) {
            errors.write("ibook serve: \($0)\n")
        }
        let server = try HTTPServer(address: address, tls: tls, handler: answering.respond)
        let shown = address.with(port: server.port)
        context.stdout.write("Serving \(library.location.directory) at \(tls == nil ? "http" : "https")://\(shown)/opds\n")
        _ = StopSignals.wait()
        server.stop()
    }
}
