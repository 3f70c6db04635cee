import CSHA256
import FoundationEssentials

/// The client's side of SCRAM-SHA-256 (RFC 5802, RFC 7677), PostgreSQL's password
/// login since version 10: the password never crosses the socket, and the
/// server proves it knows the password's verifier before the session starts.
/// Without channel binding: it needs TLS, which a local socket does not use.
struct ScramSHA256 {
    struct Failure: Error {
        var message: String
    }

    /// The most iterations a server may ask for: its default is 4,096, and each costs two hashes.
    static let mostIterations = 1_000_000

    private let password: [UInt8]
    private let clientNonce: String
    private var clientFirstBare: String { "n=,r=\(clientNonce)" }
    /// What the server's last message must prove, once the client's proof is sent.
    private var expectedServerSignature: [UInt8]?

    init(password: String, nonce: String? = nil) {
        self.password = Array(password.utf8)
        var generator = SystemRandomNumberGenerator()
        clientNonce = nonce ?? Data((0..<18).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The first message: no channel binding (`n,,`), the user left to the startup packet, as libpq does.
    var clientFirstMessage: String { "n,," + clientFirstBare }

    /// The answer to the server's first message (`r=…,s=…,i=…`): the proof.
    mutating func clientFinalMessage(serverFirst: String) throws -> String {
        var attributes: [Character: Substring] = [:]
        for part in serverFirst.split(separator: ",") where part.count >= 2 && part.dropFirst().first == "=" {
            attributes[part.first!] = attributes[part.first!] ?? part.dropFirst(2)
        }
        guard let nonce = attributes["r"], nonce.hasPrefix(clientNonce), nonce.count > clientNonce.count,
              let saltText = attributes["s"], let salt = Data(base64Encoded: String(saltText)),
              let iterationText = attributes["i"], let iterations = Int(iterationText),
              (1...Self.mostIterations).contains(iterations)
        else { throw Failure(message: "the server's SCRAM challenge is malformed") }
        let salted = Self.pbkdf2(password: password, salt: Array(salt), iterations: iterations)
        let clientKey = Self.hmac(key: salted, message: Array("Client Key".utf8))
        let storedKey = Self.sha256(clientKey)
        let withoutProof = "c=biws,r=\(nonce)"
        let authMessage = Array("\(clientFirstBare),\(serverFirst),\(withoutProof)".utf8)
        let signature = Self.hmac(key: storedKey, message: authMessage)
        let proof = zip(clientKey, signature).map { $0 ^ $1 }
        let serverKey = Self.hmac(key: salted, message: Array("Server Key".utf8))
        expectedServerSignature = Self.hmac(key: serverKey, message: authMessage)
        return withoutProof + ",p=" + Data(proof).base64EncodedString()
    }

    /// Checks the server's last message (`v=…`): a server that does not know the password cannot make it.
    func verify(serverFinal: String) throws {
        if serverFinal.hasPrefix("e=") { throw Failure(message: "the server refused the login: \(serverFinal.dropFirst(2))") }
        guard serverFinal.hasPrefix("v="), let expected = expectedServerSignature,
              let signature = Data(base64Encoded: String(serverFinal.dropFirst(2).prefix { $0 != "," })),
              Array(signature) == expected
        else { throw Failure(message: "the server could not prove it knows the password (SCRAM)") }
    }

    // MARK: The hashes

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var hash = ibook_sha256()
        ibook_sha256_start(&hash)
        ibook_sha256_add(&hash, bytes, bytes.count)
        var digest = [UInt8](repeating: 0, count: 32)
        ibook_sha256_end(&hash, &digest)
        return digest
    }

    /// HMAC-SHA-256 (RFC 2104).
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? sha256(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = sha256(block.map { $0 ^ 0x36 } + message)
        return sha256(block.map { $0 ^ 0x5C } + inner)
    }

    /// PBKDF2 with HMAC-SHA-256, one block: SCRAM's salted password.
    static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        var round = hmac(key: password, message: salt + [0, 0, 0, 1])
        var result = round
        for _ in 1..<max(iterations, 1) {
            round = hmac(key: password, message: round)
            for index in result.indices { result[index] ^= round[index] }
        }
        return result
    }
}
