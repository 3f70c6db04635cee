// MapPainter: draws the small vector "maps" of the atlas: a sea, a seeded
// random-walk coastline with land below it, a dashed graticule with labels,
// and a few places whose names are real (extractable) text.

enum MapPainter {
    static func draw(_ map: MapSpec, writer: BookWriter, x: Double, y: Double, width: Double) throws {
        var rng = SeededGenerator(seed: map.seed)
        let height = map.height

        // Sea.
        writer.setColor(0.86, 0.92, 0.97)
        writer.fillRect(x: x, y: y, width: width, height: height)

        // Coastline: a random walk from the left edge to the right edge; land below.
        let steps = 60
        var coast: [(Double, Double)] = []
        var level = height * (0.35 + 0.2 * rng.unit())
        for i in 0...steps {
            level += (rng.unit() - 0.5) * height * 0.12
            level = min(max(level, height * 0.2), height * 0.7)
            coast.append((x + width * Double(i) / Double(steps), y + level))
        }
        let land = coast + [(x + width, y + height), (x, y + height)]
        writer.polygon(land, fill: (0.93, 0.90, 0.80), stroke: (0.35, 0.45, 0.55), lineWidth: 0.8)

        // Graticule.
        let columns = map.graticule.count
        for (i, label) in map.graticule.enumerated() {
            let gx = x + width * Double(i + 1) / Double(columns + 1)
            writer.setColor(0.55, 0.6, 0.7)
            writer.line(from: (gx, y), to: (gx, y + height), lineWidth: 0.3, dash: [2, 3])
            try writer.drawText(label, style: Styles.small, x: gx + 2, y: y + 2, width: 40)
        }

        // Places, spread along the land just below the coast.
        for (i, name) in map.places.enumerated() {
            let index = (i * 2 + 1) * steps / (map.places.count * 2)
            let point = coast[index]
            let py = point.1 + 14 + rng.unit() * 30
            writer.setColor(0.6, 0.1, 0.1)
            writer.dot(x: point.0, y: py, radius: 2)
            try writer.drawText(name, style: TextStyle(font: "DejaVu Sans 8", spaceAfter: 0, gray: 0.15),
                                x: point.0 + 4, y: py - 5, width: 120)
        }

        writer.setColor(0.3, 0.3, 0.3)
        writer.strokeRect(x: x, y: y, width: width, height: height, lineWidth: 0.8)
    }
}
