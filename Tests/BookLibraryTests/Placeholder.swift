// Placeholder: Package.swift names this target; its tests have not landed on this branch.
import XCTest
