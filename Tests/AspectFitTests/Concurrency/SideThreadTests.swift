#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import AspectFit

/// `alongside`: both pieces run, the side one on another thread, and each result comes back to
/// the caller whatever its type.
@Suite struct SideThreadTests {
    @Test func bothPiecesRunAndTheSideOneElsewhere() {
        let caller = pthread_self()
        let found = alongside({ (pthread_self(), (1 ... 1000).reduce(0, +)) }, { (pthread_self(), "main") })
        #expect(found.side.1 == 500_500)
        #expect(found.main.1 == "main")
        #expect(pthread_equal(found.main.0, caller) != 0)
        #expect(pthread_equal(found.side.0, caller) == 0)
    }

    @Test func theSideResultIsReadAfterItsThreadEnds() {
        for round in 0 ..< 200 {
            let found = alongside({ [Int](repeating: round, count: 1000) }, { round })
            #expect(found.side == [Int](repeating: round, count: 1000) && found.main == round)
        }
    }
}
