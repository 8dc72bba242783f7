import AspectFit
import Testing

/// Endless inputs: devices are refused before reading (/dev/zero would fill memory).
@Suite struct DeviceReadTests {
    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func devicesAreRefused(path: String) {
        #expect(throws: ImageIOError.io("cannot read \(path): is a device, not a file")) {
            try ImageFile.read(path: path)
        }
    }
}
