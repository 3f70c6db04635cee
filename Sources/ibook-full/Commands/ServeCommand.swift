import Arguments
import BookLibrary
import Foundation
import IBookCLI
import Serving

/// `ibook serve`: the library over HTTP as OPDS catalogs, for e-reader apps and browsers.
enum ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve the library over HTTP as OPDS catalogs, with covers and the books' files, until Ctrl-C.",
        discussion: """
            OPDS 1.2 catalogs at /opds (recent, all books, by author, by tag, collections, saved searches, and search of \
            the metadata and the full text) for e-reader apps such as KOReader, Thorium or Moon+ Reader; a book's file at /books/ID/file \
            (with Range requests), its pages as PNG for apps that stream them (OPDS-PSE), and a page of \
            covers at / for a browser. It listens on 127.0.0.1:8080, this machine only, unless --bind says otherwise; an \
            address other machines reach needs an access token, from --token-file or $IBOOK_SERVE_TOKEN, sent as \
            'Authorization: Bearer TOKEN' or as the password of HTTP Basic with any user name. It prints the address it \
            serves at, and stops on Ctrl-C or SIGTERM. TLS is a reverse proxy's (see docs/serve.md).
            """,
        options: [
            Option("--bind", value: "address", help: "Listen on HOST:PORT (default 127.0.0.1:8080; port 0 picks a free one)."),
            Option("--token-file", value: "file", help: "Require the access token on the first line of this file. Also $IBOOK_SERVE_TOKEN."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let address: ServeAddress
        do {
            address = try ServeAddress(arguments.value("bind") ?? ServeAddress.standard.description)
        } catch let error as HTTPServerError {
            throw UsageError("--bind: \(error)")
        }
        let token: AccessToken?
        if let path = arguments.value("token-file") {
            token = try AccessToken.read(path: path)
        } else if let text = ProcessInfo.processInfo.environment["IBOOK_SERVE_TOKEN"] {
            guard let given = AccessToken(text) else { throw HTTPServerError.emptyToken("$IBOOK_SERVE_TOKEN") }
            token = given
        } else {
            token = nil
        }
        guard address.isLoopback || token != nil else {
            throw UsageError("\(HTTPServerError.openToNetworkWithoutToken(address.description)): give --token-file FILE or $IBOOK_SERVE_TOKEN, or bind 127.0.0.1")
        }
        let library = try context.library()
        // Blocked before the server's threads start, so that every one of them inherits it.
        StopSignals.block()
        let errors = Terminal(fileDescriptor: 2)
        let answering = LibraryServer(library: library, token: token) { errors.write("ibook serve: \($0)\n") }
        let server = try HTTPServer(address: address, handler: answering.respond)
        let shown = address.with(port: server.port)
        context.stdout.write("Serving \(library.location.directory) at http://\(shown)/opds\n")
        _ = StopSignals.wait()
        server.stop()
    }
}
