<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="temples" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <image source="temples.png" width="256" height="64"/>
 <tile id="0">
  <properties>
   <property name="part" value="body"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="part" value="floor"/>
   <property name="colour" value="green"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="part" value="floor"/>
   <property name="colour" value="red"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="part" value="steps"/>
  </properties>
 </tile>
</tileset>
