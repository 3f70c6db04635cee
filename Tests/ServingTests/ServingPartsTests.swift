import Serving
import XCTest

/// The parts of the server that read what clients send: ranges, tokens, addresses, and
/// what is written into feeds and headers from the library's data.
final class ServingPartsTests: XCTestCase {
    func testRanges() {
        XCTAssertEqual(ByteRange(header: nil, length: 100), .whole)
        XCTAssertEqual(ByteRange(header: "bytes=0-9", length: 100), .part(offset: 0, length: 10))
        XCTAssertEqual(ByteRange(header: "bytes=90-", length: 100), .part(offset: 90, length: 10))
        XCTAssertEqual(ByteRange(header: "bytes=-5", length: 100), .part(offset: 95, length: 5))
        XCTAssertEqual(ByteRange(header: "bytes=-500", length: 100), .part(offset: 0, length: 100))
        XCTAssertEqual(ByteRange(header: "bytes=50-5000", length: 100), .part(offset: 50, length: 50))
        XCTAssertEqual(ByteRange(header: "bytes=100-", length: 100), .unsatisfiable)
        XCTAssertEqual(ByteRange(header: "bytes=-0", length: 100), .unsatisfiable)
        // What cannot be read, or several ranges, is answered with the whole file.
        XCTAssertEqual(ByteRange(header: "bytes=9-2", length: 100), .whole)
        XCTAssertEqual(ByteRange(header: "bytes=0-1,5-6", length: 100), .whole)
        XCTAssertEqual(ByteRange(header: "items=0-1", length: 100), .whole)
        XCTAssertEqual(ByteRange(header: "bytes=99999999999999999999999-", length: 100), .whole)
        XCTAssertEqual(ByteRange(header: "bytes=+1-2", length: 100), .whole)
    }

    func testTokenByBearerAndBasic() throws {
        let token = try XCTUnwrap(AccessToken("s3cret token\nsecond line"))
        XCTAssertTrue(token.admits(authorization: "Bearer s3cret token"))
        XCTAssertTrue(token.admits(authorization: "bearer s3cret token"))
        let basic = Data("koreader:s3cret token".utf8).base64EncodedString()
        XCTAssertTrue(token.admits(authorization: "Basic \(basic)"))
        XCTAssertFalse(token.admits(authorization: "Basic " + Data("s3cret token:x".utf8).base64EncodedString()))
        XCTAssertFalse(token.admits(authorization: "Bearer s3cret toke"))
        XCTAssertFalse(token.admits(authorization: "Bearer s3cret tokenn"))
        XCTAssertFalse(token.admits(authorization: "Bearer"))
        XCTAssertFalse(token.admits(authorization: nil))
        XCTAssertNil(AccessToken("  \n"))
    }

    func testAddresses() throws {
        XCTAssertTrue(try ServeAddress("127.0.0.1:8080").isLoopback)
        XCTAssertTrue(try ServeAddress("127.1.2.3:0").isLoopback)
        XCTAssertTrue(try ServeAddress("[::1]:8080").isLoopback)
        XCTAssertTrue(try ServeAddress("localhost:80").isLoopback)
        XCTAssertFalse(try ServeAddress("0.0.0.0:8080").isLoopback)
        XCTAssertFalse(try ServeAddress("[::]:8080").isLoopback)
        XCTAssertEqual(try ServeAddress("[::1]:81").description, "[::1]:81")
        for bad in ["8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "example.org:80", "::1:80", "1.2.3.4:-1", "[::1]80"] {
            XCTAssertThrowsError(try ServeAddress(bad), bad)
        }
    }

    func testContentDisposition() {
        XCTAssertEqual(ContentDisposition.attachment(filename: "Voyage à l'île \"1\".pdf"),
                       "attachment; filename=\"Voyage _ l'_le _1_.pdf\"; filename*=UTF-8''Voyage%20%C3%A0%20l%27%C3%AEle%20%221%22.pdf")
        XCTAssertEqual(ContentDisposition.attachment(filename: "a\r\nb;c.pdf"),
                       "attachment; filename=\"a__b;c.pdf\"; filename*=UTF-8''a%0D%0Ab%3Bc.pdf")
    }
}

extension ServingPartsTests {
    func testPaging() {
        let middle = FeedPaging(total: 120, size: 50, page: 2)
        XCTAssertEqual(middle.items, 50..<100)
        XCTAssertEqual(middle.links(path: "/opds/recent").map { "\($0.rel) \($0.href)" }, [
            "self /opds/recent?page=2", "first /opds/recent?page=1", "previous /opds/recent?page=1",
            "next /opds/recent?page=3", "last /opds/recent?page=3",
        ])
        let first = FeedPaging(total: 120, size: 50, page: 1)
        XCTAssertEqual(first.links(path: "/opds/tag?name=a").map(\.rel), ["self", "first", "next", "last"])
        XCTAssertEqual(first.links(path: "/opds/tag?name=a")[1].href, "/opds/tag?name=a&page=1")
        let past = FeedPaging(total: 120, size: 50, page: 99)
        XCTAssertEqual(past.page, 3)
        XCTAssertEqual(past.items, 100..<120)
        XCTAssertEqual(past.links(path: "/x").map(\.rel), ["self", "first", "previous", "last"])
        let empty = FeedPaging(total: 0, size: 50, page: -4)
        XCTAssertEqual(empty.items, 0..<0)
        XCTAssertEqual(empty.links(path: "/x").map(\.rel), ["self", "first", "last"])
    }

    func testRateLimitAllowsABurstThenTheAverage() {
        let limiter = RateLimiter(perSecond: 2, burst: 4)
        let client: [UInt8] = [192, 0, 2, 7]
        XCTAssertEqual((0..<4).map { _ in limiter.admit(client, now: 100) }, [nil, nil, nil, nil])
        XCTAssertEqual(limiter.admit(client, now: 100), 1, "the burst is spent: wait a second")
        XCTAssertNil(limiter.admit([192, 0, 2, 8], now: 100), "another address has its own bucket")
        XCTAssertNil(limiter.admit(client, now: 100.5), "half a second gives back one request at 2 a second")
        XCTAssertEqual(limiter.admit(client, now: 100.5), 1)
        XCTAssertEqual((0..<4).map { _ in limiter.admit(client, now: 200) }, [nil, nil, nil, nil], "idle, the bucket fills to the burst")
        XCTAssertEqual(limiter.admit(client, now: 200), 1)
        let slow = RateLimiter(perSecond: 1, burst: 1)
        XCTAssertNil(slow.admit(client, now: 0))
        XCTAssertEqual(slow.admit(client, now: 0), 1)
        XCTAssertEqual(slow.admit(client, now: 0.1), 1, "rounded up to a whole second")
    }

    func testReaderAndEditorTokens() throws {
        let editor = try XCTUnwrap(AccessToken("edit me"))
        let reader = try XCTUnwrap(AccessToken("just read"))
        let both = AccessPolicy(editor: editor, reader: reader)
        XCTAssertEqual(both.rights(authorization: "Bearer edit me"), .edit)
        XCTAssertEqual(both.rights(authorization: "Basic " + Data("ann:just read".utf8).base64EncodedString()), .read)
        XCTAssertNil(both.rights(authorization: "Bearer just rea"))
        XCTAssertNil(both.rights(authorization: nil))
        let readersOnly = AccessPolicy(editor: nil, reader: reader)
        XCTAssertTrue(readersOnly.requiresToken)
        XCTAssertNil(readersOnly.rights(authorization: "Bearer edit me"))
        let open = AccessPolicy(editor: nil, reader: nil)
        XCTAssertFalse(open.requiresToken)
        XCTAssertEqual(open.rights(authorization: nil), .edit, "without tokens (this machine only) every right")
    }
}
