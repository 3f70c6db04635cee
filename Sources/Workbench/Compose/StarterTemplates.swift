import FileOutput
import Foundation

/// Template sets `compose --init` writes to start from. Kept as strings in the
/// module so the binary carries them without package resources.
public enum StarterTemplates {
    public static let kinds = ["invoice"]

    /// File name to contents, in the order they are written.
    public static func files(for kind: String) -> [(name: String, contents: String)]? {
        guard kind == "invoice" else { return nil }
        return [
            ("invoice.html", invoiceHTML),
            ("item.html", itemHTML),
            ("last-item.html", lastItemHTML),
            ("invoice.css", invoiceCSS),
            ("invoice.json", invoiceJSON),
        ]
    }

    /// Writes the set into `directory` (created if needed). Refuses to overwrite
    /// any existing file, and writes each file atomically.
    @discardableResult
    public static func write(_ kind: String, to directory: String) throws -> [String] {
        guard let files = files(for: kind) else {
            throw ComposeError.invalidOption("unknown starter template '\(kind)' (available: \(kinds.joined(separator: ", ")))")
        }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ComposeError.initTargetExists(directory)
        }
        let paths = files.map { (directory as NSString).appendingPathComponent($0.name) }
        if let existing = paths.first(where: { fileManager.fileExists(atPath: $0) }) {
            throw ComposeError.initTargetExists(existing)
        }
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ComposeError.cannotWrite(directory, "cannot create the folder")
        }
        for (path, file) in zip(paths, files) {
            try AtomicFile.write(Data(file.contents.utf8), to: path)
        }
        return paths
    }

    static let invoiceHTML = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Invoice #INVOICE_NUMBER#</title>
<link rel="stylesheet" href="invoice.css">
</head>
<body>
<header class="masthead">
  <img class="logo" src="#LOGO_IMAGE#" alt="">
  <div class="title">
    <h1>Invoice</h1>
    <table class="facts">
      <tr><th>Invoice no.</th><td>#INVOICE_NUMBER#</td></tr>
      <tr><th>Date</th><td>#INVOICE_DATE#</td></tr>
      <tr><th>Due</th><td>#DUE_DATE#</td></tr>
    </table>
  </div>
</header>

<section class="parties">
  <div class="party">
    <h2>From</h2>
    <p>#SENDER_INFO#</p>
  </div>
  <div class="party">
    <h2>Bill to</h2>
    <p>#RECIPIENT_INFO#</p>
  </div>
</section>

<table class="items">
  <thead>
    <tr><th class="desc">Description</th><th class="price">Amount</th></tr>
  </thead>
  <tbody>
#ITEMS#
  </tbody>
  <tfoot>
    <tr class="total"><th class="desc">Total (#CURRENCY#)</th><td class="price">#TOTAL_AMOUNT#</td></tr>
  </tfoot>
</table>

<section class="payment">
  <h2>Payment</h2>
  <p>#PAYMENT_METHOD#</p>
</section>
</body>
</html>

"""#

    static let itemHTML = #"""
    <tr class="item"><td class="desc">#ITEM_DESC#</td><td class="price">#PRICE#</td></tr>

"""#

    static let lastItemHTML = #"""
    <tr class="item last"><td class="desc">#ITEM_DESC#</td><td class="price">#PRICE#</td></tr>

"""#

    static let invoiceCSS = #"""
/* The starter invoice. Paper size, margins, header and footer come from
   'ibook compose' (--paper, --margin, --header, --footer). */
/* Colours: accent #2f5d8a, ink #1f2d3d, muted #6b7785, rules #d5dbe1. */

body {
  font-family: "DejaVu Sans", "Noto Sans CJK JP", sans-serif;
  font-size: 10pt;
  line-height: 1.45;
  color: #1f2d3d;
  margin: 0;
}

h1 { font-size: 26pt; font-weight: bold; color: #2f5d8a; margin: 0 0 3mm; letter-spacing: 0.5pt; }
h2 { font-size: 8pt; text-transform: uppercase; letter-spacing: 1pt; color: #6b7785; margin: 0 0 1.5mm; }

.masthead { display: flex; justify-content: space-between; align-items: flex-start;
            border-bottom: 2pt solid #2f5d8a; padding-bottom: 5mm; margin-bottom: 8mm; }
.logo { height: 16mm; max-width: 70mm; }
.title { text-align: right; }
.facts { margin-left: auto; border-collapse: collapse; }
.facts th { text-align: right; font-weight: normal; color: #6b7785; padding: 0 4mm 0 0; }
.facts td { text-align: right; font-weight: bold; }

.parties { display: flex; gap: 12mm; margin-bottom: 9mm; }
.party { flex: 1; }
.party p { margin: 0; }

.items { width: 100%; border-collapse: collapse; }
.items thead th { font-size: 8pt; text-transform: uppercase; letter-spacing: 1pt; color: #fff;
                  background: #2f5d8a; padding: 2.2mm 3mm; text-align: left; }
.items td { padding: 2.4mm 3mm; border-bottom: 0.5pt solid #d5dbe1; vertical-align: top; }
.items tr.item:nth-child(even) td { background: #f5f7f9; }
.items tr.item.last td { border-bottom: 1.5pt solid #2f5d8a; }
.items .price { text-align: right; white-space: nowrap; width: 35mm; }
.items thead th.price { text-align: right; }
.items tfoot th, .items tfoot td { padding: 3mm; font-size: 12pt; font-weight: bold; border-bottom: none; background: none; }
.items tfoot th { text-align: right; }
.items tr { page-break-inside: avoid; }

.payment { margin-top: 10mm; padding: 4mm 5mm; background: #f5f7f9; border-left: 2pt solid #2f5d8a; }
.payment p { margin: 0; }

"""#

    static let invoiceJSON = #"""
{
  "invoice_number": "2024-0042",
  "invoice_date": "3 June 2024",
  "due_date": "3 July 2024",
  "currency": "EUR",
  "locale": "en_IE",
  "logo_image": "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxOTAiIGhlaWdodD0iNDgiIHZpZXdCb3g9IjAgMCAxOTAgNDgiPjxyZWN0IHg9IjAiIHk9IjQiIHdpZHRoPSI0MCIgaGVpZ2h0PSI0MCIgcng9IjkiIGZpbGw9IiMyZjVkOGEiLz48cGF0aCBkPSJNMTEgMzMgTDIwIDE0IEwyOSAzMyBaIiBmaWxsPSIjZmZmIi8+PHRleHQgeD0iNTAiIHk9IjMyIiBmb250LWZhbWlseT0iRGVqYVZ1IFNhbnMsIHNhbnMtc2VyaWYiIGZvbnQtc2l6ZT0iMTkiIGZpbGw9IiMxZjJkM2QiPjx0c3BhbiBmb250LXdlaWdodD0iYm9sZCI+THVtZW48L3RzcGFuPjx0c3BhbiBmaWxsPSIjMmY1ZDhhIj4gUHJlc3M8L3RzcGFuPjwvdGV4dD48L3N2Zz4K",
  "sender_info": ["Lumen Press Ltd", "12 Harbour Road", "Cork T12 X8Y2", "Ireland"],
  "recipient_info": ["Tom & Jerry Studios", "Attn: Accounts Payable", "4 Rue des Lilas", "75011 Paris, France"],
  "payment_method": "Bank transfer to IE29 AIBK 9311 5212 3456 78 (BIC AIBKIE2D), reference 2024-0042.",
  "items": [
    { "description": "Editorial review of the manuscript \"Lighthouses\" (40 pages)", "price": 480 },
    { "description": "Typesetting and cover design", "price": 650.5 },
    { "description": "Print-ready PDF/X export and proof", "price": 120 }
  ]
}

"""#
}
