/// Documents written for the tests, in the shape Xcode saves them (never copied from the
/// shared corpus): a storyboard with one view controller scene, and a xib.
enum ImportTestDocuments {
    /// A storyboard whose one scene's view controller (`vc`) has `rootView` as its view.
    /// `controllerExtras` go inside the view controller element (layout guides, metrics).
    static func storyboard(device: String = #"<device id="retina4_7" orientation="portrait" appearance="light"/>"#,
                           toolsVersion: String = "21701",
                           controllerExtras: String = "", rootView: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc">
            \(device)
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <scenes>
                <!--Test Scene-->
                <scene sceneID="scn">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            \(controllerExtras)
        \(rootView)
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="10" y="20"/>
                </scene>
            </scenes>
        </document>
        """
    }

    /// A xib whose top-level objects are `objects` (after File's Owner and First Responder).
    /// `useSafeAreas`: whether the document uses safe-area layout guides (`useSafeAreas="YES"`).
    static func xib(device: String = #"<device id="retina4_7" orientation="portrait" appearance="light"/>"#,
                    toolsVersion: String = "21701", useSafeAreas: Bool = false, objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES"\(useSafeAreas ? #" useSafeAreas="YES""# : "") colorMatched="YES">
            \(device)
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(objects)
            </objects>
        </document>
        """
    }
}
