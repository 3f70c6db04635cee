// Placeholder until the SampleBooks generator lands: Package.swift names this
// target, and SwiftPM refuses to build the package without its sources.
import Foundation

FileHandle.standardError.write(Data("make-samplebooks: not implemented in this branch\n".utf8))
exit(1)
