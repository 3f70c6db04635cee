import CCups
import Foundation

/// The events of a queue's jobs, pulled from the scheduler (a printer
/// subscription with notify-pull-method ippget, made before the job is sent
/// so that none is missed): a job subscription would end with its job,
/// before its last event could be read. Cancelled with `cancel`; the lease
/// bounds it if ibook is killed.
final class JobEvents {
    let subscription: Int
    private let queue: String
    private var sequence = 0

    /// Nil when the scheduler will not make one (an old or locked-down
    /// CUPS): the job is then followed by its attributes alone.
    init?(queue: String, leaseSeconds: Int, on connection: CupsConnection) {
        guard let request = try? IPPRequest(IPP_OP_CREATE_PRINTER_SUBSCRIPTIONS) else { return nil }
        request.addPrinterURI(queue)
        request.add(IPP_TAG_KEYWORD, "notify-pull-method", "ippget", group: IPP_TAG_SUBSCRIPTION)
        request.addKeywords("notify-events", ["job-state-changed", "job-completed", "job-stopped"], group: IPP_TAG_SUBSCRIPTION)
        request.addInteger("notify-lease-duration", leaseSeconds, group: IPP_TAG_SUBSCRIPTION)
        guard let response = request.send(on: connection),
              let id = response.groups(IPP_TAG_SUBSCRIPTION).compactMap({ $0.number("notify-subscription-id") }).first,
              id > 0 else { return nil }
        subscription = id
        self.queue = queue
    }

    /// The events of `job` since the last call; none if the scheduler does not answer.
    func fetch(job: Int, on connection: CupsConnection) -> [JobEvent] {
        guard let request = try? IPPRequest(IPP_OP_GET_NOTIFICATIONS) else { return [] }
        request.addPrinterURI(queue)
        request.addInteger("notify-subscription-ids", subscription)
        request.addInteger("notify-sequence-numbers", sequence + 1)
        guard let response = request.send(on: connection) else { return [] }
        var events: [JobEvent] = []
        for group in response.groups(IPP_TAG_EVENT_NOTIFICATION) {
            guard let number = group.number("notify-sequence-number"), number > sequence else { continue }
            sequence = number
            guard group.number("notify-job-id") == job else { continue }
            events.append(JobEvent(
                event: group.string("notify-subscribed-event") ?? "", text: group.string("notify-text") ?? "",
                state: group.number("job-state").map { JobState(ipp: Int32($0)) },
                stateReasons: (group.strings["job-state-reasons"] ?? []).filter { $0 != "none" }))
        }
        return events
    }

    func cancel(on connection: CupsConnection) {
        Self.cancel(subscription, queue: queue, on: connection)
    }

    /// Ends a subscription by its id (from a Ctrl-C handler's own connection, say).
    static func cancel(_ subscription: Int, queue: String, on connection: CupsConnection) {
        guard let request = try? IPPRequest(IPP_OP_CANCEL_SUBSCRIPTION) else { return }
        request.addPrinterURI(queue)
        request.addInteger("notify-subscription-id", subscription)
        _ = request.send(on: connection)
    }
}
