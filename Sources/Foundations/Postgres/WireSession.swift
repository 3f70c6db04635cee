import FoundationEssentials
import Glibc
import Store

/// A session on a server's local socket, spoken by ibook itself (PostgreSQL's
/// frontend/backend protocol, version 3): the same statements as through libpq,
/// without loading libpq and the forty libraries it needs for TLS, Kerberos and LDAP.
final class WireSession: PostgresSession {
    private let socket: WireSocket
    let target: String
    let user: String
    /// ReadyForQuery's last word: idle (I), in a transaction (T) or in a failed one (E).
    private var status = UInt8(ascii: "I")
    /// Why the connection is gone, once it is.
    private var brokenBecause: String?
    private var awaitingSent = false
    /// A script is written and its outcome not read yet (`runBeforeNext`), or read and not taken.
    private var scriptAhead = false
    private var scriptOutcome: PostgresOutcome?
    /// The outcome of the statement sent ahead, read when a statement written behind it ran.
    private var sentOutcome: PostgresOutcome?

    /// The login the startup message began, when the session was opened with `finishingLoginLater`.
    private var pendingLogin: WireAddress?
    /// The script `runBeforeNext` was given before the login was finished, written once it is.
    private var scriptAfterLogin: String?
    /// Why the login failed, thrown again by every later call.
    private var loginFailure: PostgresError?

    /// Connects and logs in; `finishingLoginLater`, it writes the startup message and returns,
    /// and the login is finished when the first statement is written (`finishLogin`): the
    /// server starts a backend (1.2-1.3 ms) while the command goes on with its own work.
    init(_ address: WireAddress, finishingLoginLater: Bool = false) throws {
        target = address.target
        user = address.user
        do {
            socket = try WireSocket(path: address.socketPath, timeout: address.connectTimeout)
        } catch let failure as WireSocket.Failure {
            throw PostgresError(connectionMessage: "connection to server on socket \"\(address.socketPath)\" failed: \(failure.message)",
                                target: target)
        }
        do {
            try startLogin(address)
            if finishingLoginLater {
                pendingLogin = address
            } else {
                try logIn(address)
            }
        } catch {
            throw loginError(error)
        }
    }

    deinit {
        // A login still pending may be waiting for a password: the socket is closed without a word.
        if brokenBecause == nil, pendingLogin == nil { socket.writeIfPossible(WireMessageWriter(type: "X").messages) }
    }

    func finishLogin() throws {
        if let loginFailure { throw loginFailure }
        guard let address = pendingLogin else { return }
        pendingLogin = nil
        do {
            try logIn(address)
        } catch {
            let failure = loginError(error)
            loginFailure = failure
            brokenBecause = failure.message
            throw failure
        }
        if let script = scriptAfterLogin {
            scriptAfterLogin = nil
            if let failure = runBeforeNext(script: script) { throw failure.error(sql: script) }
        }
    }

    /// Finishes a login nobody will use, so that the session ends with a word (`deinit`);
    /// one that fails (a password the process does not have) is closed without one.
    func endUnused() {
        try? finishLogin()
    }

    /// What a person reads for a login that failed.
    private func loginError(_ error: Error) -> PostgresError {
        switch error {
        case let failure as PostgresFailure:
            return PostgresError(connectionMessage: failure.message, target: target)
        case let failure as WireSocket.Failure:
            return PostgresError(connectionMessage: failure.message, target: target)
        case let failure as ScramSHA256.Failure:
            var error = PostgresError(kind: .authenticationFailed, message: failure.message)
            error.target = target
            return error
        default:
            // A message cut short inside (WireMessageReader): what no server of PostgreSQL's sends.
            return PostgresError(connectionMessage: Self.protocolViolation.message, target: target)
        }
    }

    var isInTransaction: Bool {
        brokenBecause != nil || awaitingSent || status != UInt8(ascii: "I")
    }

    // MARK: Logging in

    private func startLogin(_ address: WireAddress) throws {
        var startup = WireMessageWriter(type: nil)
        startup.int32(196_608)  // protocol 3.0
        var parameters = [("user", address.user), ("database", address.database)]
        if !address.applicationName.isEmpty { parameters.append(("application_name", address.applicationName)) }
        if let options = address.options { parameters.append(("options", options)) }
        for (name, value) in parameters {
            startup.string(name)
            startup.string(value)
        }
        startup.byte(0)
        try socket.write(startup.messages)
    }

    /// Answers the server's requests after the startup message, up to its first ReadyForQuery:
    /// the connection's timeout counts from here, not through the command's own work before.
    private func logIn(_ address: WireAddress) throws {
        let deadline = address.connectTimeout > 0 ? WireSocket.now() + Double(address.connectTimeout) : nil
        var scram: ScramSHA256?
        var scramVerified = false
        while true {
            let message = try socket.nextMessage(deadline: deadline)
            var reader = WireMessageReader(message.body)
            switch message.type {
            case UInt8(ascii: "R"):
                let request = try reader.int32()
                switch request {
                case 0:
                    // A server that began SCRAM must finish it: its last message proves it knows the password.
                    if scram != nil && !scramVerified {
                        throw ScramSHA256.Failure(message: "the server ended SCRAM without proving it knows the password")
                    }
                case 3: try sendPassword(address.password)
                case 5:
                    let salt = Array(try reader.bytes(4))
                    try sendPassword(address.password.map { MD5Password.response(password: $0, user: address.user, salt: salt) })
                case 10:
                    var mechanisms: [String] = []
                    while let mechanism = try? reader.string(), !mechanism.isEmpty { mechanisms.append(mechanism) }
                    guard mechanisms.contains("SCRAM-SHA-256") else {
                        throw PostgresFailure(message: "the server asks for a login ibook does not speak (\(mechanisms.joined(separator: ", ")))",
                                              connectionBroken: true)
                    }
                    guard let password = address.password else { throw Self.noPassword }
                    let exchange = ScramSHA256(password: password)
                    scram = exchange
                    var initial = WireMessageWriter(type: "p")
                    initial.string("SCRAM-SHA-256")
                    let first = Array(exchange.clientFirstMessage.utf8)
                    initial.int32(Int32(first.count))
                    initial.bytes(first)
                    try socket.write(initial.messages)
                case 11:
                    guard var exchange = scram else { throw Self.protocolViolation }
                    let final = try exchange.clientFinalMessage(serverFirst: String(decoding: reader.rest(), as: UTF8.self))
                    scram = exchange
                    var response = WireMessageWriter(type: "p")
                    response.bytes(Array(final.utf8))
                    try socket.write(response.messages)
                case 12:
                    guard let exchange = scram else { throw Self.protocolViolation }
                    try exchange.verify(serverFinal: String(decoding: reader.rest(), as: UTF8.self))
                    scramVerified = true
                default:
                    throw PostgresFailure(message: "the server asks for a login ibook does not speak on a local socket (request \(request))",
                                          connectionBroken: true)
                }
            case UInt8(ascii: "E"):
                throw Self.failure(reading: &reader)
            case UInt8(ascii: "Z"):
                status = try reader.byte()
                return
            case UInt8(ascii: "S"), UInt8(ascii: "K"), UInt8(ascii: "N"), UInt8(ascii: "v"):
                continue
            default:
                throw Self.protocolViolation
            }
        }
    }

    private static let noPassword = PostgresFailure(message: "fe_sendauth: no password supplied", connectionBroken: true)
    private static let protocolViolation = PostgresFailure(message: "the server broke PostgreSQL's protocol", connectionBroken: true)

    private func sendPassword(_ password: String?) throws {
        guard let password else { throw Self.noPassword }
        var message = WireMessageWriter(type: "p")
        message.string(password)
        try socket.write(message.messages)
    }

    // MARK: Statements

    func run(script: String) -> PostgresOutcome {
        if let failure = write({ message in
            message.start("Q")
            message.string(script)
        }) { return .failure(failure) }
        if let failure = collectScriptAhead() { return .failure(failure) }
        return collect()
    }

    /// Writes the script and returns: the next statement is written behind it, and both
    /// outcomes read then. On a new backend the server runs the script while the client
    /// goes on to its first statement, one round trip fewer for every command.
    func runBeforeNext(script: String) -> PostgresFailure? {
        if pendingLogin != nil {
            scriptAfterLogin = script
            return nil
        }
        if let failure = write({ message in
            message.start("Q")
            message.string(script)
        }) { return failure }
        scriptAhead = true
        return nil
    }

    var pipelines: Bool { true }

    func run(_ statement: PostgresStatement) -> PostgresOutcome {
        let behindSent = awaitingSent
        if let failure = send(statement) { return .failure(failure) }
        if behindSent { sentOutcome = collect() }
        awaitingSent = false
        return collect()
    }

    func send(_ statement: PostgresStatement) -> PostgresFailure? {
        guard statement.parameters.count <= Int(UInt16.max) else {
            return PostgresFailure(message: "number of parameters must be between 0 and 65535", connectionBroken: false)
        }
        if let failure = writeStatement(statement) { return failure }
        awaitingSent = true
        if let failure = collectScriptAhead() {
            awaitingSent = false
            return failure
        }
        return nil
    }

    func takeScriptOutcome() -> PostgresOutcome? {
        defer { scriptOutcome = nil }
        return scriptOutcome
    }

    func finishScript() {
        guard scriptAhead else { return }
        scriptAhead = false
        scriptOutcome = collect()
        // The server's own error is the script's outcome; the session is given up all the same.
        if case .failure(let failure) = scriptOutcome { _ = broken(failure) }
    }

    /// Reads the outcome of the script written ahead, if one was, after the next messages
    /// are written behind it. When it failed, the session is given up: its settings were
    /// rolled back with it, and nothing runs without the bounds they set. The statement
    /// behind it is read and dropped.
    private func collectScriptAhead() -> PostgresFailure? {
        guard scriptAhead else { return nil }
        finishScript()
        guard case .failure(let failure) = scriptOutcome else { return nil }
        _ = collect()
        return failure
    }

    private func writeStatement(_ statement: PostgresStatement) -> PostgresFailure? {
        write { message in
            message.start("P")
            message.string("")
            message.string(statement.text)
            message.int16(0)
            message.start("B")
            message.string("")
            message.string("")
            message.int16(Int16(truncatingIfNeeded: statement.parameters.count))
            for parameter in statement.parameters { message.int16(parameter.isBinary ? 1 : 0) }
            message.int16(Int16(truncatingIfNeeded: statement.parameters.count))
            for parameter in statement.parameters {
                guard var bytes = parameter.bytes else {
                    message.int32(-1)
                    continue
                }
                // libpq reads a text parameter up to its first NUL; so does this, that both send the same.
                if !parameter.isBinary, let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
                message.int32(Int32(truncatingIfNeeded: bytes.count))
                message.bytes(bytes)
            }
            message.int16(0)
            message.start("D")
            message.byte(UInt8(ascii: "P"))
            message.string("")
            message.start("E")
            message.string("")
            message.int32(0)
            message.start("S")
        }
    }

    func readAhead() {
        if awaitingSent, brokenBecause == nil { socket.readAvailable() }
    }

    func finishSent() -> PostgresOutcome {
        awaitingSent = false
        if let outcome = sentOutcome {
            sentOutcome = nil
            return outcome
        }
        return collect()
    }

    /// Sends the messages `build` writes, or says why not.
    private func write(_ build: (inout WireMessageWriter) -> Void) -> PostgresFailure? {
        if let brokenBecause { return PostgresFailure(message: brokenBecause, connectionBroken: true) }
        if pendingLogin != nil {
            do {
                try finishLogin()
            } catch {
                return PostgresFailure(message: (error as? PostgresError)?.message ?? "\(error)", connectionBroken: true)
            }
        }
        var messages = WireMessageWriter()
        build(&messages)
        do {
            try socket.write(messages.messages)
            return nil
        } catch {
            // The server may have said why before it closed (an administrator ended the session).
            socket.readAvailable()
            if let message = try? socket.completeMessage(), message.type == UInt8(ascii: "E") {
                var reader = WireMessageReader(message.body)
                return broken(Self.failure(reading: &reader))
            }
            return broken(Self.failure(of: error))
        }
    }

    /// Reads the outcome of what was sent, up to the server's ReadyForQuery.
    private func collect() -> PostgresOutcome {
        var outcome: PostgresOutcome?
        var failure: PostgresFailure?
        var columns: (names: [String], readings: [PostgresValueReading])?
        var rows: [Row] = []
        do {
            while true {
                let message = try socket.nextMessage()
                var reader = WireMessageReader(message.body)
                switch message.type {
                case UInt8(ascii: "T"):
                    columns = try Self.columns(reading: &reader)
                    rows = []
                case UInt8(ascii: "D"):
                    guard let columns else { throw Self.protocolViolation }
                    rows.append(try Self.row(reading: &reader, columns: columns))
                case UInt8(ascii: "C"):
                    if columns != nil {
                        outcome = .rows(rows)
                    } else {
                        outcome = .command(changes: Self.changes(tag: try reader.string()))
                    }
                    columns = nil
                    rows = []
                case UInt8(ascii: "I"):
                    outcome = .command(changes: 0)
                case UInt8(ascii: "E"):
                    let error = Self.failure(reading: &reader)
                    if error.connectionBroken { return .failure(broken(error)) }
                    failure = failure ?? error
                case UInt8(ascii: "Z"):
                    status = try reader.byte()
                    if let failure { return .failure(failure) }
                    return outcome ?? .command(changes: 0)
                case UInt8(ascii: "G"):
                    // COPY FROM STDIN is not one of ibook's statements: refused, as libpq's callers must.
                    var refusal = WireMessageWriter(type: "f")
                    refusal.string("ibook sends no COPY data")
                    try socket.write(refusal.messages)
                case UInt8(ascii: "1"), UInt8(ascii: "2"), UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "S"),
                     UInt8(ascii: "N"), UInt8(ascii: "A"), UInt8(ascii: "H"), UInt8(ascii: "d"), UInt8(ascii: "c"),
                     UInt8(ascii: "W"):
                    continue
                default:
                    throw Self.protocolViolation
                }
            }
        } catch {
            // The server's error, if it gave one before the connection failed, says more than the failure.
            return .failure(broken(failure ?? Self.failure(of: error)))
        }
    }

    /// What a failure of the socket or of reading a message says.
    private static func failure(of error: Error) -> PostgresFailure {
        if let failure = error as? PostgresFailure { return failure }
        return PostgresFailure(message: (error as? WireSocket.Failure)?.message ?? protocolViolation.message, connectionBroken: true)
    }

    /// Marks the connection gone: every later statement fails at once, as on libpq's closed connection.
    private func broken(_ failure: PostgresFailure) -> PostgresFailure {
        brokenBecause = brokenBecause ?? "no connection to the server"
        return PostgresFailure(sqlState: failure.sqlState, message: failure.message, connectionBroken: true)
    }

    // MARK: Reading messages

    private static func columns(reading reader: inout WireMessageReader) throws -> (names: [String], readings: [PostgresValueReading]) {
        let count = Int(try reader.int16())
        var names: [String] = []
        var readings: [PostgresValueReading] = []
        for _ in 0..<max(count, 0) {
            names.append(try reader.string())
            _ = try reader.bytes(6)  // the table's oid and the column's number
            readings.append(PostgresValueReading(type: UInt32(bitPattern: try reader.int32())))
            _ = try reader.bytes(8)  // the type's size and modifier, the format (text)
        }
        return (names, readings)
    }

    private static func row(reading reader: inout WireMessageReader,
                            columns: (names: [String], readings: [PostgresValueReading])) throws -> Row {
        let count = Int(try reader.int16())
        guard count == columns.readings.count else { throw protocolViolation }
        var values: [SQLValue] = []
        values.reserveCapacity(count)
        for reading in columns.readings {
            let length = try reader.int32()
            values.append(length < 0 ? .null : reading.value(try reader.bytes(Int(length))))
        }
        return Row(columnNames: columns.names, values: values)
    }

    /// The rows a command changed, from its tag, as libpq's PQcmdTuples reads it.
    private static func changes(tag: String) -> Int {
        let words = tag.split(separator: " ")
        guard let command = words.first else { return 0 }
        if command == "INSERT" { return words.count == 3 ? Int(words[2]) ?? 0 : 0 }
        guard ["DELETE", "UPDATE", "SELECT", "MOVE", "FETCH", "COPY", "MERGE"].contains(command), words.count == 2 else { return 0 }
        return Int(words[1]) ?? 0
    }

    /// An ErrorResponse: its SQLSTATE and message; FATAL and PANIC end the session.
    private static func failure(reading reader: inout WireMessageReader) -> PostgresFailure {
        var fields: [UInt8: String] = [:]
        while let code = try? reader.byte(), code != 0, let text = try? reader.string() { fields[code] = text }
        let severity = fields[UInt8(ascii: "V")] ?? fields[UInt8(ascii: "S")] ?? ""
        return PostgresFailure(sqlState: fields[UInt8(ascii: "C")] ?? "", message: fields[UInt8(ascii: "M")] ?? "the server reported an error",
                               connectionBroken: severity == "FATAL" || severity == "PANIC")
    }
}
